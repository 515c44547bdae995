import type { SmsConfig } from '../../../../shared/schemas/inform';
import { INFORM_SMS_TEMPLATE_MAX } from '../../../../shared/schemas/inform';
import { useT } from '../../../i18n';
import { Field } from '../../components/Field';

/** The SMS gateway's HTTP call template: URL, method, headers, body format and body with {phone} and {text}. */
export function SmsFields({
  sms,
  errors,
  maxHeaders,
  onChange,
}: {
  sms: SmsConfig;
  errors: Record<string, string>;
  maxHeaders: number;
  onChange: (sms: SmsConfig) => void;
}) {
  const t = useT();
  const set = <K extends keyof SmsConfig>(key: K, value: SmsConfig[K]) => onChange({ ...sms, [key]: value });
  const setHeader = (index: number, part: 'name' | 'value', value: string) =>
    set(
      'headers',
      sms.headers.map((h, i) => (i === index ? { ...h, [part]: value } : h)),
    );
  return (
    <>
      <Field
        label={t('admin.inform.sms.url')}
        hint={t('admin.inform.sms.urlHint')}
        error={errors['sms.url']}
        name="sms.url"
      >
        <input
          value={sms.url}
          maxLength={2000}
          placeholder="https://sms.example.edu/send"
          onChange={(e) => set('url', e.target.value)}
          data-testid="inform-sms-url"
        />
      </Field>
      <Field label={t('admin.inform.sms.method')} name="sms.method">
        <select
          value={sms.method}
          onChange={(e) => set('method', e.target.value as SmsConfig['method'])}
          data-testid="inform-sms-method"
        >
          {(['POST', 'GET', 'PUT'] as const).map((method) => (
            <option key={method}>{method}</option>
          ))}
        </select>
      </Field>
      <Field label={t('admin.inform.sms.bodyType')} name="sms.bodyType">
        <select
          value={sms.bodyType}
          onChange={(e) => set('bodyType', e.target.value as SmsConfig['bodyType'])}
          data-testid="inform-sms-bodyType"
        >
          {(['json', 'form', 'none'] as const).map((type) => (
            <option key={type} value={type}>
              {t(`admin.inform.sms.bodyType.${type}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={t('admin.inform.sms.body')}
        hint={t('admin.inform.sms.bodyHint')}
        error={errors['sms.body']}
        name="sms.body"
        wide
      >
        <textarea
          rows={3}
          value={sms.body}
          maxLength={INFORM_SMS_TEMPLATE_MAX}
          disabled={sms.bodyType === 'none'}
          onChange={(e) => set('body', e.target.value)}
          data-testid="inform-sms-body"
        />
      </Field>
      <h3 className="ac-subtitle">{t('admin.inform.sms.headers')}</h3>
      {errors['sms.headers'] && (
        <p className="ac-error" role="alert">
          {errors['sms.headers']}
        </p>
      )}
      {sms.headers.map((header, i) => (
        <div className="inform-header-row" key={i} data-testid="inform-sms-header">
          <input
            aria-label={t('admin.inform.sms.headerName')}
            placeholder={t('admin.inform.sms.headerName')}
            value={header.name}
            maxLength={100}
            onChange={(e) => setHeader(i, 'name', e.target.value)}
          />
          <input
            aria-label={t('admin.inform.sms.headerValue')}
            placeholder={t('admin.inform.sms.headerValue')}
            value={header.value}
            maxLength={1000}
            onChange={(e) => setHeader(i, 'value', e.target.value)}
          />
          <button
            type="button"
            className="btn btn-small"
            onClick={() =>
              set(
                'headers',
                sms.headers.filter((_, j) => j !== i),
              )
            }
          >
            {t('admin.inform.sms.remove')}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-small"
        disabled={sms.headers.length >= maxHeaders}
        onClick={() => set('headers', [...sms.headers, { name: '', value: '' }])}
      >
        {t('admin.inform.sms.addHeader')}
      </button>
    </>
  );
}
