/** Times of the exam screens: 'YYYY-MM-DD HH:mm' in the browser's zone, and the value of a datetime-local input and back. */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatTime(ms: number | null | undefined): string {
  if (!ms) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input's value for a time ('' for none). */
export const toLocalInput = (ms: number | null | undefined) => formatTime(ms).replace(' ', 'T');

/** A datetime-local input's value as a time (null when empty). */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}
