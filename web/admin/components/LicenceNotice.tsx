import { Link } from 'react-router';
import { licenceNotice } from '../../../shared/rules/licence';
import { useT } from '../../i18n';
import { useRegStatus } from '../hooks/useRegStatus';
import { canAccess } from '../menu';

/**
 * The licence notice on every back-office screen (unregistered installs run in a trial with a student
 * seat limit and a visible notice, licenceNotice in shared/rules/licence): in the trial, near the seat limit, or
 * expired. Reads GET reg once per session; holders of the setting permission get a link to the licence screen.
 */
export function LicenceNotice({ profile }: { profile: Parameters<typeof canAccess>[0] }) {
  const t = useT();
  const { data } = useRegStatus();
  if (!data) return null;
  const kind = licenceNotice(data);
  if (!kind) return null;
  const vars = { used: data.seats.used, limit: data.seats.limit };
  return (
    <div
      className={`licence-notice licence-notice-${kind}`}
      role="status"
      data-testid="licence-notice"
      data-kind={kind}
    >
      <span>{t(`admin.licence.notice.${kind}`, vars)}</span>
      {canAccess(profile, 'setting') && (
        <Link to="/licence" className="licence-notice-link">
          {t('admin.licence.notice.link')}
        </Link>
      )}
    </div>
  );
}
