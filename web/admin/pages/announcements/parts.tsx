import type { AdminAnnouncement } from '../../../../shared/schemas/announcements';
import { useT } from '../../../i18n';

/** Draft, scheduled, showing or ended (shared/rules/announcements announcementState, answered by the server). */
export function AnnouncementState({ state }: { state: AdminAnnouncement['state'] }) {
  const t = useT();
  return (
    <span
      className={`ac-state ${state === 'showing' ? 'is-on' : ''}`}
      data-testid="announcement-state"
      data-state={state}
    >
      {t(`admin.announcements.state.${state}`)}
    </span>
  );
}

/** How many of the audience have viewed it, out of how many. */
export function ViewedCount({ viewed, total }: { viewed: number; total: number }) {
  const t = useT();
  return (
    <span className="an-viewed" data-testid="announcement-viewed" data-viewed={viewed} data-total={total}>
      {t('admin.announcements.viewedOf', { viewed, total })}
    </span>
  );
}

/** A time in ms as a datetime-local input's value (the browser's time zone), or ''. */
export function toLocalInput(ms: number | null): string {
  if (ms === null) return '';
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value as ms, or null when empty. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}
