import { formatDate, formatDateMinutes } from '../../../../shared/rules/dates';
import { useLocale } from '../../../i18n';

/** Times on the exam screens: to the minute the way the locale writes them ('' for none), like the other back-office lists. */
export function useFormatTime(): (ms: number | null | undefined) => string {
  const locale = useLocale();
  return (ms) => (ms ? formatDateMinutes(ms, locale) : '');
}

/** A datetime-local input's value for a time ('' for none). */
export const toLocalInput = (ms: number | null | undefined) => (ms ? formatDate(ms, 'yyyy-MM-ddTHH:mm') : '');

/** A datetime-local input's value as a time (null when empty). */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}
