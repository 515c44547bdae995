import { useState } from 'react';
import { memberCalls } from '../../../../shared/calls/members';
import { PLAN_TITLE_MAX, type AdminPlan } from '../../../../shared/schemas/members';
import { PLAN_DAYS_MAX } from '../../../../shared/rules/membership';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { Check, Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { RichTextEditor } from '../../components/RichTextEditor';
import { flattenCategories, useCategories } from '../../hooks/useCatalogue';

/** The plan form (member/edit): a new plan when `plan` is null. The price is typed in yuan and sent as text. */
export function PlanDialog({
  plan,
  onClose,
  onSaved,
}: {
  plan: AdminPlan | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const { tree } = useCategories();
  const [title, setTitle] = useState(plan?.title ?? '');
  const [description, setDescription] = useState(plan?.description ?? '');
  const [price, setPrice] = useState(plan?.price ?? '0');
  const [days, setDays] = useState(String(plan?.days ?? 30));
  const [catids, setCatids] = useState<string[]>(plan?.categories.map((category) => category.id) ?? []);
  const [published, setPublished] = useState(plan?.published ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const handleSubmit = async () => {
    setBusy(true);
    const body = { id: plan?.id ?? null, title, description, price, days: Number(days), catids, published };
    const reply = await request(memberCalls.edit, { body });
    setBusy(false);
    if (reply.status !== 'ok') {
      const fields = fieldErrorsOf(reply);
      setErrors(fields);
      if (Object.keys(fields).length === 0) toast(failureText(t, reply));
      return;
    }
    toast(t('admin.members.saved'));
    onSaved();
  };

  return (
    <Modal
      title={plan ? t('admin.members.editTitle') : t('admin.members.newTitle')}
      submitText={t('admin.members.save')}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
      busy={busy}
      wide
      testId="plan-dialog"
    >
      <div className="ac-stack">
        <Field label={t('admin.members.name')} name="title" error={errors.title}>
          <input value={title} maxLength={PLAN_TITLE_MAX} required onChange={(event) => setTitle(event.target.value)} />
        </Field>
        <Field label={t('admin.members.price')} name="price" error={errors.price} hint={t('admin.members.priceHint')}>
          <input value={price} inputMode="decimal" required onChange={(event) => setPrice(event.target.value)} />
        </Field>
        <Field label={t('admin.members.days')} name="days" error={errors.days}>
          <input
            type="number"
            min={1}
            max={PLAN_DAYS_MAX}
            step={1}
            value={days}
            required
            onChange={(event) => setDays(event.target.value)}
          />
        </Field>
        <fieldset className="ac-fieldset" data-field="catids">
          <legend className="ac-label">{t('admin.members.categories')}</legend>
          <p className={errors.catids ? 'ac-error' : 'ac-hint'} role={errors.catids ? 'alert' : undefined}>
            {errors.catids || t('admin.members.categoriesHint')}
          </p>
          <div className="ac-checks" data-testid="plan-categories">
            {flattenCategories(tree).map(({ node, path }) => (
              <Check
                key={node.catid}
                label={path.join(' / ')}
                checked={catids.includes(node.catid)}
                onChange={(on) =>
                  setCatids((current) =>
                    on ? [...current, node.catid] : current.filter((catid) => catid !== node.catid),
                  )
                }
              />
            ))}
          </div>
        </fieldset>
        <RichTextEditor
          label={t('admin.members.description')}
          value={description}
          onChange={setDescription}
          invalid={!!errors.description}
          testId="plan-description"
        />
        <Check label={t('admin.members.published')} checked={published} onChange={setPublished} name="published" />
      </div>
    </Modal>
  );
}
