import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TITLE_MAX } from '../../../../shared/schemas/courses';
import { PLAN_KINDS, type PlanKindName } from '../../../../shared/schemas/plans';
import { toast } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { CoursePicker } from '../../components/CoursePicker';
import { Check, Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { useRevalidate } from '../../hooks/useRevalidate';
import { planCalls } from '../../../../shared/calls/plans';
import { request } from '../../../api/client';

const LABELS = [0, 1, 2] as const;
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const QUARTERS = [1, 2, 3, 4];

/** The first error under a field path ('courses' also shows 'courses.1'). */
function errorOf(errors: Record<string, string>, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1];
}

/**
 * New study plan: title, kind (growth, phase, staged), stage review, the staged plan's dates, and the
 * courses in stage order. The draft opens on its page.
 */
export function CreatePlanDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const revalidate = useRevalidate();
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<PlanKindName>('growth');
  const [verify, setVerify] = useState(false);
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [label, setLabel] = useState<0 | 1 | 2>(0);
  const [date, setDate] = useState(new Date().getMonth() + 1);
  const [expire, setExpire] = useState(false);
  const [courses, setCourses] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleSubmit = async () => {
    const missing: Record<string, string> = {};
    if (!title.trim()) missing.title = t('admin.common.required');
    if (courses.length === 0) missing.courses = t('admin.plans.coursesRequired');
    if (Object.keys(missing).length > 0) return setErrors(missing);
    setBusy(true);
    const stage =
      kind === 'staged'
        ? { stage_year: Number(year), label, stage_date: label === 2 ? 1 : date, expire_limit: expire }
        : undefined;
    const reply = await request(planCalls.create, { body: { title: title.trim(), kind, courses, verify, stage } });
    setBusy(false);
    if (reply.status !== 'ok') {
      const fields = fieldErrorsOf(reply);
      if (Object.keys(fields).length > 0) return setErrors(fields);
      return toast(failureText(t, reply));
    }
    toast(t('admin.plans.created'));
    void revalidate(planCalls.list.path);
    onClose();
    navigate(`/plans/${reply.data.coid}`);
  };

  return (
    <Modal
      title={t('admin.plans.new')}
      submitText={t('admin.plans.create')}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
      busy={busy}
      testId="create-plan"
    >
      <Field label={t('admin.plans.planTitle')} error={errors.title} name="title">
        <input type="text" value={title} maxLength={TITLE_MAX} onChange={(event) => setTitle(event.target.value)} />
      </Field>
      <Field label={t('admin.plans.kind')} error={errors.kind} hint={t(`admin.plans.kindHint.${kind}`)} name="kind">
        <select value={kind} onChange={(event) => setKind(event.target.value as PlanKindName)}>
          {PLAN_KINDS.map((item) => (
            <option key={item} value={item}>
              {t(`admin.plans.kind.${item}`)}
            </option>
          ))}
        </select>
      </Field>
      <Check
        label={t('admin.plans.verify')}
        hint={t('admin.plans.verifyHint')}
        checked={verify}
        onChange={setVerify}
        name="verify"
      />
      {kind === 'staged' && (
        <div className="pl-stage-fields" data-testid="stage-fields">
          <Field label={t('admin.plans.stageYear')} error={errors['stage.stage_year']} name="stage_year">
            <input type="number" min={2000} max={9999} value={year} onChange={(event) => setYear(event.target.value)} />
          </Field>
          <Field label={t('admin.plans.stageLabel')} error={errors['stage.label']} name="label">
            <select
              value={label}
              onChange={(event) => {
                const next = Number(event.target.value) as 0 | 1 | 2;
                setLabel(next);
                setDate(1);
              }}
            >
              {LABELS.map((value) => (
                <option key={value} value={value}>
                  {t(`admin.plans.stageLabel${value}`)}
                </option>
              ))}
            </select>
          </Field>
          {label !== 2 && (
            <Field
              label={label === 0 ? t('admin.plans.stageMonth') : t('admin.plans.stageQuarter')}
              error={errors['stage.stage_date']}
              name="stage_date"
            >
              <select value={date} onChange={(event) => setDate(Number(event.target.value))}>
                {(label === 0 ? MONTHS : QUARTERS).map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Check
            label={t('admin.plans.expireLimit')}
            hint={t('admin.plans.expireLimitHint')}
            checked={expire}
            onChange={setExpire}
            name="expire_limit"
          />
        </div>
      )}
      <div className={`ac-field is-wide${errorOf(errors, 'courses') ? ' has-error' : ''}`} data-field="courses">
        <span className="ac-label">{t('admin.plans.courses')}</span>
        <div className="ac-control">
          <CoursePicker value={courses} onChange={setCourses} />
          <p
            className={errorOf(errors, 'courses') ? 'ac-error' : 'ac-hint'}
            role={errorOf(errors, 'courses') ? 'alert' : undefined}
          >
            {errorOf(errors, 'courses') ?? t('admin.plans.coursesHint')}
          </p>
        </div>
      </div>
    </Modal>
  );
}
