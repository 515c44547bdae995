import { useEffect, useState } from 'react';
import { studentFieldCalls } from '../../../../shared/calls/student-fields';
import { CREDITED_RATES } from '../../../../shared/rules/playback-rate';
import type { StudentSettings } from '../../../../shared/schemas/students';
import { toast } from '../../../components/feedback';
import { request } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { Check, Field } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useAdminProfile } from '../../../hooks/useAdminProfile';
import { canAccess } from '../../menu';
import { PendingCodes } from './PendingCodes';

/**
 * /student-settings (spec 3 'Student settings'): password change, comments, registration, ranking (issue 18), and
 * the school's fastest credited playback speed (shared/rules/playback-rate). Password change
 * is offered to students only when changePass is false and needPassword is true (spec 5); the helper texts
 * say so next to each switch.
 */
export default function StudentSettingsPage() {
  const t = useT();
  const { data, mutate } = useCall(studentFieldCalls.settings, {});
  const { data: profile } = useAdminProfile();
  const [form, setForm] = useState<StudentSettings | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setForm(data);
  }, [data]);
  const dirty = !!form && !!data && JSON.stringify(form) !== JSON.stringify(data);
  useUnsavedChanges(dirty);
  if (!form) return <div className="ac-page" data-testid="student-settings-page" />;
  const set = (patch: Partial<StudentSettings>) => setForm({ ...form, ...patch });
  const offered = !form.changePass && form.needPassword;

  const save = async () => {
    setBusy(true);
    const reply = await request(studentFieldCalls.saveSettings, { body: form });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(t('admin.common.saved'));
    await mutate(reply.data, { revalidate: false });
  };

  return (
    <div className="ac-page" data-testid="student-settings-page">
      <PageHeader title={t('admin.studentSettings.title')} />
      <form
        className="card ac-card ac-stack"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <h2 className="section-title">{t('admin.studentSettings.password')}</h2>
        <div className="ac-checks ac-checks-column">
          <Check
            label={t('admin.studentSettings.changePass')}
            hint={t('admin.studentSettings.changePassHint')}
            checked={form.changePass}
            onChange={(changePass) => set({ changePass })}
            name="changePass"
          />
          <Check
            label={t('admin.studentSettings.needPassword')}
            hint={t('admin.studentSettings.needPasswordHint')}
            checked={form.needPassword}
            onChange={(needPassword) => set({ needPassword })}
            name="needPassword"
          />
        </div>
        <p className="ac-hint" data-testid="password-offered">
          {offered ? t('admin.studentSettings.offered') : t('admin.studentSettings.notOffered')}
        </p>
        <h2 className="section-title">{t('admin.studentSettings.comments')}</h2>
        <Check
          label={t('admin.studentSettings.noAllowComment')}
          hint={t('admin.studentSettings.noAllowCommentHint')}
          checked={form.noAllowComment}
          onChange={(noAllowComment) => set({ noAllowComment })}
          name="noAllowComment"
        />
        <h2 className="section-title">{t('admin.studentSettings.registration')}</h2>
        <Check
          label={t('admin.studentSettings.registrationOn')}
          hint={t('admin.studentSettings.registrationHint')}
          checked={form.registration}
          onChange={(registration) => set({ registration })}
          name="registration"
        />
        <Field
          label={t('admin.studentSettings.registerWay')}
          hint={t('admin.studentSettings.registerWayHint')}
          name="registerWay"
        >
          <input
            value={form.registerWay}
            maxLength={200}
            onChange={(event) => set({ registerWay: event.target.value })}
          />
        </Field>
        {/* Issue 19: the bind overlay (spec 4) and its QR image (spec 3 'path'). */}
        <h2 className="section-title">{t('admin.studentSettings.binding')}</h2>
        <Check
          label={t('admin.studentSettings.bindWechat')}
          hint={t('admin.studentSettings.bindWechatHint')}
          checked={form.bindWechat}
          onChange={(bindWechat) => set({ bindWechat })}
          name="bindWechat"
        />
        <Field label={t('admin.studentSettings.path')} hint={t('admin.studentSettings.pathHint')} name="path">
          <input
            value={form.path}
            maxLength={500}
            placeholder="/files/qr.png"
            onChange={(event) => set({ path: event.target.value })}
          />
        </Field>
        {/* Issue 18: the student dashboard's rank (controller/rank); off, its entry and its call are gone. */}
        <h2 className="section-title">{t('admin.studentSettings.rank')}</h2>
        <Check
          label={t('admin.studentSettings.ranking')}
          hint={t('admin.studentSettings.rankingHint')}
          checked={form.ranking}
          onChange={(ranking) => set({ ranking })}
          name="ranking"
        />
        <h2 className="section-title">{t('admin.studentSettings.playback')}</h2>
        <Field label={t('admin.studentSettings.maxRate')} hint={t('admin.studentSettings.maxRateHint')} name="maxRate">
          <select
            value={form.maxRate}
            data-testid="school-max-rate"
            onChange={(event) => set({ maxRate: Number(event.target.value) })}
          >
            {CREDITED_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {t(rate === 1 ? 'admin.course.rateFull' : 'admin.course.rate', { rate })}
              </option>
            ))}
          </select>
        </Field>
        <div className="ac-row-actions">
          {dirty && <span className="ac-dirty">{t('admin.common.unsavedMark')}</span>}
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || !dirty}
            data-testid="save-student-settings"
          >
            {t('admin.common.save')}
          </button>
        </div>
      </form>
      {profile && canAccess(profile, 'student') && <PendingCodes />}
    </div>
  );
}
