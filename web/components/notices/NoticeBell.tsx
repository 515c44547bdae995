import { badgeText } from '../../../shared/rules/notices';
import { useUnreadCounts } from '../../hooks/useNotices';
import { useT } from '../../i18n';
import { ROUTES } from '../../paths';
import { SiteLink } from '../layout/SiteLink';

/** The top bar's way to the system notices, with the unread count (desktop and phone). */
export function NoticeBell({ className = '' }: { className?: string }) {
  const t = useT();
  const { data } = useUnreadCounts();
  const count = data?.notices ?? 0;
  return (
    <SiteLink to={ROUTES.systemNotice} className={`notice-bell ${className}`}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1z" />
      </svg>
      <span className="visually-hidden">{count > 0 ? t('notice.badge', { count }) : t('notice.entry')}</span>
      <NoticeBadge count={count} />
    </SiteLink>
  );
}

/** A red count (99+ past 99), or nothing at 0. */
export function NoticeBadge({ count }: { count: number }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span className="notice-badge" aria-hidden="true" data-testid="notice-badge" data-count={count}>
      {text}
    </span>
  );
}
