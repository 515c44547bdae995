import { useT } from '../../../i18n';
import { CategorySelect } from '../../components/CategorySelect';
import { Check, Field } from '../../components/Field';
import { ImageField } from '../../components/ImageField';
import { RichTextEditor } from '../../components/RichTextEditor';
import { ValidityFields } from '../../components/ValidityFields';
import { useCategories, useGroups } from '../../hooks/useCatalogue';
import { CREDITED_RATES } from '../../../../shared/rules/playback-rate';
import { COURSE_LEVELS, COURSE_TYPES, PLAN_TYPES, type CourseForm } from './course-form';

export interface TabProps {
  form: CourseForm;
  change: (patch: Partial<CourseForm>) => void;
  errors: Record<string, string>;
}

/** Basic info: title, category, type, level, label, cover, keywords, notes. */
export function InfoTab({ form, change, errors }: TabProps) {
  const t = useT();
  const { tree } = useCategories();
  return (
    <div className="ac-grid">
      <Field label={t('admin.course.title')} error={errors.title} name="title" wide>
        <input
          type="text"
          value={form.title}
          maxLength={100}
          onChange={(event) => change({ title: event.target.value })}
        />
      </Field>
      <Field label={t('admin.course.category')} error={errors.catid} name="catid">
        <CategorySelect
          tree={tree}
          value={form.catid}
          onChange={(catid) => change({ catid })}
          rootLabel={t('admin.course.noCategory')}
        />
      </Field>
      <Field label={t('admin.course.type')} error={errors.type} name="type">
        <select value={form.type} onChange={(event) => change({ type: Number(event.target.value) })}>
          {COURSE_TYPES.map((item) => (
            <option key={item.value} value={item.value}>
              {t(item.label)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('admin.course.level')} error={errors.level} name="level">
        <select value={form.level} onChange={(event) => change({ level: Number(event.target.value) })}>
          {COURSE_LEVELS.map((item) => (
            <option key={item.value} value={item.value}>
              {t(item.label)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('admin.course.label')} error={errors.label} name="label" hint={t('admin.course.labelHint')}>
        <input
          type="number"
          min={0}
          max={9}
          step={1}
          value={form.label}
          onChange={(event) => change({ label: event.target.value })}
        />
      </Field>
      {/* Issue 18: study credits earned on completing the course (shared/rules/study-credits). */}
      <Field label={t('admin.course.credit')} error={errors.credit} name="credit" hint={t('admin.course.creditHint')}>
        <input
          type="text"
          inputMode="decimal"
          value={form.credit}
          maxLength={6}
          placeholder="0"
          onChange={(event) => change({ credit: event.target.value })}
        />
      </Field>
      <Field label={t('admin.course.cover')} error={errors.img} name="img" hint={t('admin.common.uploadLater')} wide>
        <ImageField value={form.img} onChange={(img) => change({ img })} invalid={!!errors.img} />
      </Field>
      <Field
        label={t('admin.course.keywords')}
        error={errors.keywords}
        name="keywords"
        hint={t('admin.course.keywordsHint')}
        wide
      >
        <input
          type="text"
          value={form.keywords}
          maxLength={200}
          onChange={(event) => change({ keywords: event.target.value })}
        />
      </Field>
      <Field label={t('admin.course.notes')} error={errors.notes} name="notes" hint={t('admin.course.notesHint')} wide>
        <textarea
          rows={3}
          value={form.notes}
          maxLength={2000}
          onChange={(event) => change({ notes: event.target.value })}
        />
      </Field>
    </div>
  );
}

/** The description: rich text (h3/h4 headings build the graphic reader's table of contents). */
export function DescriptionTab({ form, change, errors }: TabProps) {
  const t = useT();
  return (
    <div className="ac-stack" data-field="description">
      <p className="ac-hint">{t('admin.course.descriptionHint')}</p>
      <RichTextEditor
        value={form.description}
        onChange={(description) => change({ description })}
        label={t('admin.course.tabDescription')}
        invalid={!!errors.description}
        testId="description-editor"
      />
      {errors.description && (
        <p className="ac-error" role="alert">
          {errors.description}
        </p>
      )}
    </div>
  );
}

/** Price (yuan) and validity. */
export function PriceTab({ form, change, errors }: TabProps) {
  const t = useT();
  return (
    <div className="ac-grid">
      <Field label={t('admin.course.actual')} error={errors.actual} name="actual" hint={t('admin.course.actualHint')}>
        <input
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          value={form.actual}
          onChange={(event) => change({ actual: event.target.value })}
        />
      </Field>
      <Field
        label={t('admin.course.originalPrice')}
        error={errors.price}
        name="price"
        hint={t('admin.course.priceHint')}
      >
        <input
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          value={form.price}
          onChange={(event) => change({ price: event.target.value })}
        />
      </Field>
      <ValidityFields
        withBegin
        value={{ ce_type: form.ce_type, ce_time: form.ce_time, begin: form.begin }}
        errors={errors}
        onChange={(value) => change({ ce_type: value.ce_type, ce_time: value.ce_time, begin: value.begin ?? '' })}
      />
    </div>
  );
}

/** Who may study it: the group restriction (none chosen = everyone) and the private flag. */
export function AccessTab({ form, change, errors }: TabProps) {
  const t = useT();
  const { groups, isLoading } = useGroups();
  const toggle = (gid: string, on: boolean) =>
    change({ groups: on ? [...form.groups, gid] : form.groups.filter((id) => id !== gid) });
  return (
    <div className="ac-stack">
      <fieldset className="ac-fieldset" data-field="authentication_gid">
        <legend className="ac-label">{t('admin.course.groups')}</legend>
        <p className="ac-hint">
          {form.groups.length === 0
            ? t('admin.course.groupsEveryone')
            : t('admin.course.groupsSome', { count: form.groups.length })}
        </p>
        {!isLoading && groups.length === 0 && <p className="ac-muted">{t('admin.course.noGroups')}</p>}
        <div className="ac-checks">
          {groups.map((group) => (
            <Check
              key={group.gid}
              label={group.name}
              checked={form.groups.includes(group.gid)}
              onChange={(on) => toggle(group.gid, on)}
            />
          ))}
          {form.groups
            .filter((gid) => !groups.some((group) => group.gid === gid))
            .map((gid) => (
              <Check
                key={gid}
                label={t('admin.course.unknownGroup', { gid })}
                checked
                onChange={(on) => toggle(gid, on)}
              />
            ))}
        </div>
        {errors.authentication_gid && (
          <p className="ac-error" role="alert">
            {errors.authentication_gid}
          </p>
        )}
      </fieldset>
      <Check
        name="private"
        label={t('admin.course.private')}
        hint={t('admin.course.privateHint')}
        checked={form.private}
        onChange={(on) => change({ private: on })}
      />
      {errors.private && <p className="ac-error">{errors.private}</p>}
    </div>
  );
}

/** Study settings: order, exercises, skipping, verification, signature, reminders, staged plan. */
export function StudyTab({ form, change, errors }: TabProps) {
  const t = useT();
  const flag = (key: keyof CourseForm['flags'], on: boolean) => change({ flags: { ...form.flags, [key]: on } });
  return (
    <div className="ac-stack">
      <div className="ac-checks ac-checks-column">
        <Check
          name="order_rest"
          label={t('admin.course.orderRest')}
          hint={t('admin.course.orderRestHint')}
          checked={form.order_rest}
          onChange={(on) => change({ order_rest: on })}
        />
        <Check
          name="exercOrder"
          label={t('admin.course.exercOrder')}
          hint={t('admin.course.exercOrderHint')}
          checked={form.flags.exercOrder}
          onChange={(on) => flag('exercOrder', on)}
        />
        <Check
          name="notAllowSkip"
          label={t('admin.course.notAllowSkip')}
          hint={t('admin.course.notAllowSkipHint')}
          checked={form.flags.notAllowSkip}
          onChange={(on) => flag('notAllowSkip', on)}
        />
        <Check
          name="verify"
          label={t('admin.course.verify')}
          hint={t('admin.course.verifyHint')}
          checked={form.flags.verify}
          onChange={(on) => flag('verify', on)}
        />
        <Check
          name="signature"
          label={t('admin.course.signature')}
          hint={t('admin.course.signatureHint')}
          checked={form.flags.signature}
          onChange={(on) => flag('signature', on)}
        />
        <Check
          name="switchremind"
          label={t('admin.course.switchremind')}
          hint={t('admin.course.switchremindHint')}
          checked={form.flags.switchremind}
          onChange={(on) => flag('switchremind', on)}
        />
        <Check
          name="leaveremind"
          label={t('admin.course.leaveremind')}
          hint={t('admin.course.leaveremindHint')}
          checked={form.flags.leaveremind}
          onChange={(on) => flag('leaveremind', on)}
        />
      </div>
      <div className="ac-grid">
        <Field
          label={t('admin.course.leavetime')}
          error={errors.leavetime}
          name="leavetime"
          hint={t('admin.course.leavetimeHint')}
        >
          <input
            type="number"
            min={1}
            max={1440}
            step={1}
            value={form.leavetime}
            disabled={!form.flags.leaveremind}
            onChange={(event) => change({ leavetime: event.target.value })}
          />
        </Field>
        <Field
          label={t('admin.course.maxRate')}
          error={errors.maxRate}
          name="maxRate"
          hint={t('admin.course.maxRateHint')}
        >
          <select
            value={form.maxRate}
            data-testid="course-max-rate"
            onChange={(event) => change({ maxRate: Number(event.target.value) })}
          >
            <option value={0}>{t('admin.course.maxRateSchool')}</option>
            {CREDITED_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {t(rate === 1 ? 'admin.course.rateFull' : 'admin.course.rate', { rate })}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('admin.course.planType')} error={errors.plan_type} name="plan_type">
          <select value={form.plan_type} onChange={(event) => change({ plan_type: Number(event.target.value) })}>
            {PLAN_TYPES.map((item) => (
              <option key={item.value} value={item.value}>
                {t(item.label)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t('admin.course.stageYear')}
          error={errors.stage_year}
          name="stage_year"
          hint={t('admin.course.stageYearHint')}
        >
          <input
            type="number"
            min={0}
            max={9999}
            step={1}
            value={form.stage_year}
            onChange={(event) => change({ stage_year: event.target.value })}
          />
        </Field>
        <Field
          label={t('admin.course.stageDate')}
          error={errors.stage_date}
          name="stage_date"
          hint={t('admin.course.stageDateHint')}
        >
          <input
            type="number"
            min={0}
            max={12}
            step={1}
            value={form.stage_date}
            onChange={(event) => change({ stage_date: event.target.value })}
          />
        </Field>
      </div>
      <Check
        name="expire_limit"
        label={t('admin.course.expireLimit')}
        hint={t('admin.course.expireLimitHint')}
        checked={form.flags.expire_limit}
        onChange={(on) => flag('expire_limit', on)}
      />
    </div>
  );
}
