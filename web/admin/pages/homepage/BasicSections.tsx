import type { HomeSetting } from '../../../../shared/schemas/home-setting';
import type { MessageKey } from '../../../../shared/i18n';
import { useT } from '../../../i18n';
import { Check, Field } from '../../components/Field';
import { ImageField } from '../../components/ImageField';
import { RichTextEditor } from '../../components/RichTextEditor';

export interface SectionProps {
  setting: HomeSetting;
  change: (patch: Partial<HomeSetting>) => void;
  errors: Record<string, string>;
}

type FlagKey = 'showPrice' | 'showads' | 'showteacher' | 'showInformation' | 'show' | 'showbottom' | 'showAdminEntry';
const FLAGS: { key: FlagKey; label: MessageKey }[] = [
  { key: 'showPrice', label: 'admin.home.showPrice' },
  { key: 'showads', label: 'admin.home.showads' },
  { key: 'showteacher', label: 'admin.home.showteacher' },
  { key: 'showInformation', label: 'admin.home.showInformation' },
  { key: 'showbottom', label: 'admin.home.showbottom' },
  { key: 'show', label: 'admin.home.show' },
  { key: 'showAdminEntry', label: 'admin.home.showAdminEntry' },
];

/** Half-hour steps 0:00 to 24:00 for the working hours (a stored value off the grid stays selectable). */
const HOURS = Array.from({ length: 49 }, (_, index) => `${Math.floor(index / 2)}:${index % 2 ? '30' : '00'}`);

/** Brand (title, logo) and the switches of the home page. */
export function BrandSection({ setting, change, errors }: SectionProps) {
  const t = useT();
  return (
    <>
      <div className="ac-grid">
        <Field label={t('admin.home.userpagetitle')} error={errors.userpagetitle} name="userpagetitle" wide>
          <input
            value={setting.userpagetitle}
            maxLength={100}
            onChange={(event) => change({ userpagetitle: event.target.value })}
          />
        </Field>
        <Field
          label={t('admin.home.userpagelogo')}
          error={errors.userpagelogo}
          name="userpagelogo"
          hint={t('admin.common.uploadLater')}
          wide
        >
          <ImageField
            value={setting.userpagelogo}
            onChange={(userpagelogo) => change({ userpagelogo })}
            invalid={!!errors.userpagelogo}
          />
        </Field>
      </div>
      <div className="ac-checks">
        {FLAGS.map((flag) => (
          <Check
            key={flag.key}
            name={flag.key}
            label={t(flag.label)}
            checked={setting[flag.key]}
            onChange={(on) => change({ [flag.key]: on })}
          />
        ))}
      </div>
    </>
  );
}

/** Contact: phone, working days (weekday names) and hours. */
export function ContactSection({ setting, change, errors }: SectionProps) {
  const t = useT();
  const days = [1, 2, 3, 4, 5, 6, 7] as const;
  const hourOptions = (current: string) => (HOURS.includes(current) ? HOURS : [current, ...HOURS]);
  return (
    <div className="ac-grid">
      <Field label={t('admin.home.phone')} error={errors.phone} name="phone">
        <input
          type="tel"
          value={setting.phone}
          maxLength={50}
          onChange={(event) => change({ phone: event.target.value })}
        />
      </Field>
      <div className="ac-field" data-field="workdays">
        <span className="ac-label">{t('admin.home.workdays')}</span>
        <div className="ac-control ac-inline-form">
          <select
            value={setting.workday1}
            aria-label={t('admin.home.workdayFrom')}
            onChange={(event) => change({ workday1: Number(event.target.value) })}
          >
            {days.map((day) => (
              <option key={day} value={day}>
                {t(`weekday.${day}`)}
              </option>
            ))}
          </select>
          <span>{t('admin.home.to')}</span>
          <select
            value={setting.workday2}
            aria-label={t('admin.home.workdayTo')}
            onChange={(event) => change({ workday2: Number(event.target.value) })}
          >
            {days.map((day) => (
              <option key={day} value={day}>
                {t(`weekday.${day}`)}
              </option>
            ))}
          </select>
          {(errors.workday1 || errors.workday2) && <p className="ac-error">{errors.workday1 || errors.workday2}</p>}
        </div>
      </div>
      <div className="ac-field" data-field="worktime">
        <span className="ac-label">{t('admin.home.hours')}</span>
        <div className="ac-control ac-inline-form">
          <select
            value={setting.worktime1}
            aria-label={t('admin.home.hoursFrom')}
            onChange={(event) => change({ worktime1: event.target.value })}
          >
            {hourOptions(setting.worktime1).map((hour) => (
              <option key={hour} value={hour}>
                {hour}
              </option>
            ))}
          </select>
          <span>{t('admin.home.to')}</span>
          <select
            value={setting.worktime2}
            aria-label={t('admin.home.hoursTo')}
            onChange={(event) => change({ worktime2: event.target.value })}
          >
            {hourOptions(setting.worktime2).map((hour) => (
              <option key={hour} value={hour}>
                {hour}
              </option>
            ))}
          </select>
          {(errors.worktime1 || errors.worktime2) && <p className="ac-error">{errors.worktime1 || errors.worktime2}</p>}
        </div>
      </div>
    </div>
  );
}

/** About us: title and rich-text content. */
export function AboutSection({ setting, change, errors }: SectionProps) {
  const t = useT();
  return (
    <div className="ac-stack">
      <Field label={t('admin.home.aboutustitle')} error={errors.aboutustitle} name="aboutustitle" wide>
        <input
          value={setting.aboutustitle}
          maxLength={100}
          onChange={(event) => change({ aboutustitle: event.target.value })}
        />
      </Field>
      <div data-field="aboutuscontent">
        <RichTextEditor
          value={setting.aboutuscontent}
          onChange={(aboutuscontent) => change({ aboutuscontent })}
          label={t('admin.home.aboutuscontent')}
          invalid={!!errors.aboutuscontent}
        />
        {errors.aboutuscontent && <p className="ac-error">{errors.aboutuscontent}</p>}
      </div>
    </div>
  );
}

/** Social links, QR code image and its caption. */
export function SocialSection({ setting, change, errors }: SectionProps) {
  const t = useT();
  const link = (key: 'weixinlink' | 'weibolink' | 'bloglink', label: MessageKey) => (
    <Field label={t(label)} error={errors[key]} name={key}>
      <input
        type="text"
        inputMode="url"
        value={setting[key]}
        placeholder="https://"
        onChange={(event) => change({ [key]: event.target.value })}
      />
    </Field>
  );
  return (
    <div className="ac-grid">
      {link('weixinlink', 'admin.home.weixinlink')}
      {link('weibolink', 'admin.home.weibolink')}
      {link('bloglink', 'admin.home.bloglink')}
      <Field
        label={t('admin.home.qrcode')}
        error={errors.qrcode}
        name="qrcode"
        hint={t('admin.common.uploadLater')}
        wide
      >
        <ImageField value={setting.qrcode} onChange={(qrcode) => change({ qrcode })} invalid={!!errors.qrcode} />
      </Field>
      <Field label={t('admin.home.qrcodedetails')} error={errors.qrcodedetails} name="qrcodedetails" wide>
        <input
          value={setting.qrcodedetails}
          maxLength={200}
          onChange={(event) => change({ qrcodedetails: event.target.value })}
        />
      </Field>
      <Field
        label={t('admin.home.examorder')}
        error={errors.examorder}
        name="examorder"
        hint={t('admin.home.examHint')}
      >
        <input
          type="number"
          min={0}
          max={99}
          value={setting.examorder}
          onChange={(event) => change({ examorder: Number(event.target.value) })}
        />
      </Field>
      <Field label={t('admin.home.examsort')} error={errors.examsort} name="examsort">
        <input
          type="number"
          min={0}
          max={99}
          value={setting.examsort}
          onChange={(event) => change({ examsort: Number(event.target.value) })}
        />
      </Field>
    </div>
  );
}
