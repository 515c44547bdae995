/**
 * System notice rules (issue 16 'System notices'): how a notice of a kind is worded (its i18n template and
 * the values that fill it) and what its link may be. The notice service (server/modules/notices/notify.ts)
 * writes kind, params and link; the systemnotice page words them with these rules.
 */
import { isSameSitePath } from './site-links';

/** The kinds with a template notice.kind.<kind> (a unit test checks the notice service's list matches). */
export const NOTICE_WORDED_KINDS = [
  'course.granted',
  'course.expiring',
  'member.expiring',
  'exam.published',
  'exam.marked',
  'plan.assigned',
  'review.decided',
  'question.answered',
  'comment.replied',
  'message.received',
] as const;
export type WordedKind = (typeof NOTICE_WORDED_KINDS)[number];

/** The longest value a template shows (a title longer than this is cut with an ellipsis). */
export const NOTICE_PARAM_MAX = 120;

/** Each kind's template values and what they read when a notice lacks one. */
const DEFAULTS: Record<WordedKind, Record<string, string | number>> = {
  'course.granted': { title: '' },
  'course.expiring': { title: '', days: 0 },
  'member.expiring': { title: '', days: 0 },
  'exam.published': { title: '' },
  'exam.marked': { title: '', score: '' },
  'plan.assigned': { title: '' },
  'review.decided': { title: '' },
  'question.answered': { title: '', chapter: '', teacher: '' },
  'comment.replied': { title: '', name: '' },
  'message.received': { name: '' },
};

export type NoticeTemplateKey =
  | `notice.kind.${Exclude<WordedKind, 'review.decided'>}`
  | 'notice.kind.review.decided.approved'
  | 'notice.kind.review.decided.rejected'
  | 'notice.kind.other';

const isWorded = (kind: string): kind is WordedKind => (NOTICE_WORDED_KINDS as readonly string[]).includes(kind);

function cut(value: string): string {
  const chars = Array.from(value);
  return chars.length > NOTICE_PARAM_MAX ? `${chars.slice(0, NOTICE_PARAM_MAX - 1).join('')}…` : value;
}

/**
 * The template and values of a notice: a known kind gets its own template (a review's outcome picks
 * approved or rejected) with its values, plain strings cut to NOTICE_PARAM_MAX and numbers, the missing ones
 * defaulted; an unknown kind gets the general template. The page escapes the values (React text).
 */
export function noticeWording(
  kind: string,
  params: unknown,
): { key: NoticeTemplateKey; vars: Record<string, string | number> } {
  if (!isWorded(kind)) return { key: 'notice.kind.other', vars: {} };
  const given =
    params && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
  const vars: Record<string, string | number> = {};
  for (const [name, fallback] of Object.entries(DEFAULTS[kind])) {
    const value = given[name];
    if (typeof value === 'number' && Number.isFinite(value)) vars[name] = value;
    else if (typeof value === 'string') vars[name] = typeof fallback === 'number' ? Number(value) || 0 : cut(value);
    else vars[name] = fallback;
  }
  if (kind === 'review.decided') {
    const outcome = given.outcome === 'approved' ? 'approved' : 'rejected';
    return { key: `notice.kind.review.decided.${outcome}`, vars };
  }
  return { key: `notice.kind.${kind}`, vars };
}

/** A notice's link as the page follows it: a path on this site, else none (''). */
export function noticeLink(link: string | null | undefined): string {
  return link && isSameSitePath(link) ? link : '';
}

/** The days-left thresholds at which a course about to expire is noticed (once per holding and threshold). */
export const EXPIRY_NOTICE_DAYS = [7, 1] as const;

/** The threshold a holding that ends in `msLeft` has reached (the smallest one it is within), or null. */
export function expiryThreshold(msLeft: number, dayMs = 86_400_000): number | null {
  if (msLeft <= 0) return null;
  let reached: number | null = null;
  for (const days of EXPIRY_NOTICE_DAYS) if (msLeft <= days * dayMs) reached = days;
  return reached;
}

/** The number shown in a badge: the count, or 99+ past 99, or nothing at 0. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}
