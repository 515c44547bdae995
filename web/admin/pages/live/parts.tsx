import type { ReactNode } from 'react';
import type { LiveStatusName } from '../../../../shared/schemas/live-admin';
import { formatDateMinutes } from '../../../../shared/rules/dates';
import { toast } from '../../../components/feedback';
import { useLocale, useT } from '../../../i18n';

/** 'Live not available' when no live server is configured or it does not answer; nothing when it is up. */
export function LiveBanner({ state }: { state: { configured: boolean; up: boolean } | undefined }) {
  const t = useT();
  if (!state || state.up) return null;
  return (
    <p className="live-banner" role="alert" data-testid="live-unavailable">
      {state.configured ? t('admin.live.unavailable') : t('admin.live.notConfigured')}
    </p>
  );
}

export function StatusBadge({ status }: { status: LiveStatusName }) {
  const t = useT();
  return (
    <span className={`badge live-status-${status}`} data-testid="live-status" data-status={status}>
      {t(`admin.live.status.${status}`)}
    </span>
  );
}

/** A time as the back office shows it (the administrator's language). */
export function When({ at }: { at: number | null }) {
  const locale = useLocale();
  return <>{at === null ? '—' : formatDateMinutes(at, locale)}</>;
}

/** Seconds as whole minutes, e.g. '12 分钟' / '12 min'. */
export function Minutes({ seconds }: { seconds: number }) {
  const t = useT();
  return <>{t('admin.live.minutes', { n: Math.ceil(seconds / 60) })}</>;
}

/** Copies text; falls back to a hidden text area where the clipboard API is missing (plain http on an intranet). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const done = document.execCommand('copy');
  area.remove();
  return done;
}

/** A value to paste into OBS, with its copy button. */
export function CopyRow({ label, value, testId }: { label: ReactNode; value: string; testId: string }) {
  const t = useT();
  return (
    <div className="ac-field">
      <span className="ac-label">{label}</span>
      <div className="live-copy-row">
        <code data-testid={testId}>{value || '—'}</code>
        <button
          type="button"
          className="btn btn-small"
          disabled={!value}
          data-testid={`${testId}-copy`}
          onClick={() =>
            void copyText(value).then((ok) => toast(ok ? t('admin.live.copied') : t('admin.live.copyFailed')))
          }
        >
          {t('admin.live.copy')}
        </button>
      </div>
    </div>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ms → the value of a datetime-local input (local time). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input's value → ms (local time), or null when empty or invalid. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** This month as YYYY-MM (local time). */
export function thisMonth(now = Date.now()): string {
  const d = new Date(now);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
}
