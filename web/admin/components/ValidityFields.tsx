import { VALIDITY } from '../../../shared/rules/course-status';
import { useT } from '../../i18n';
import { Field } from './Field';

export interface Validity {
  ce_type: number;
  /** '' (permanent), a day count (days from purchase) or an end date yyyy-MM-dd (fixed window). */
  ce_time: string;
  /** The window's first day (courses only: settings.vaildBeginTime). */
  begin?: string;
}

/** The date part of 'yyyy-MM-dd[ HH:mm[:ss]]' for a date input. */
export const datePart = (value: string) => (/^\d{4}-\d{1,2}-\d{1,2}/.test(value) ? value.slice(0, 10) : '');

/**
 * Validity (spec 3 ce_type / ce_time): permanent, a number of days from purchase, or a fixed window with an
 * end date (and, for courses, a first day). Switching the kind clears the time so an old value cannot leak in.
 */
export function ValidityFields({
  value,
  onChange,
  errors = {},
  withBegin,
}: {
  value: Validity;
  onChange: (value: Validity) => void;
  errors?: Record<string, string>;
  withBegin?: boolean;
}) {
  const t = useT();
  const kinds = [
    { type: VALIDITY.permanent, label: t('admin.validity.permanent') },
    { type: VALIDITY.daysFromPurchase, label: t('admin.validity.days') },
    { type: VALIDITY.fixedWindow, label: t('admin.validity.window') },
  ];
  return (
    <>
      <div className="ac-field" data-field="ce_type">
        <span className="ac-label">{t('admin.validity.title')}</span>
        <div className="ac-control ac-radios" role="radiogroup" aria-label={t('admin.validity.title')}>
          {kinds.map((kind) => (
            <label key={kind.type} className="ac-radio">
              <input
                type="radio"
                name="ce_type"
                checked={value.ce_type === kind.type}
                onChange={() => onChange({ ...value, ce_type: kind.type, ce_time: '' })}
              />
              {kind.label}
            </label>
          ))}
        </div>
      </div>
      {value.ce_type === VALIDITY.daysFromPurchase && (
        <Field
          label={t('admin.validity.dayCount')}
          error={errors.ce_time}
          name="ce_time"
          hint={t('admin.validity.dayHint')}
        >
          <input
            type="number"
            min={1}
            max={99999}
            step={1}
            value={value.ce_time}
            onChange={(event) => onChange({ ...value, ce_time: event.target.value })}
          />
        </Field>
      )}
      {value.ce_type === VALIDITY.fixedWindow && (
        <>
          {withBegin && (
            <Field
              label={t('admin.validity.begin')}
              error={errors.vaildBeginTime}
              name="vaildBeginTime"
              hint={t('admin.validity.beginHint')}
            >
              <input
                type="date"
                value={datePart(value.begin ?? '')}
                onChange={(event) => onChange({ ...value, begin: event.target.value })}
              />
            </Field>
          )}
          <Field label={t('admin.validity.end')} error={errors.ce_time} name="ce_time">
            <input
              type="date"
              value={datePart(value.ce_time)}
              onChange={(event) => onChange({ ...value, ce_time: event.target.value })}
            />
          </Field>
        </>
      )}
    </>
  );
}
