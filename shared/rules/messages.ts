/**
 * Private messages (issue 16; spec 3 'Private messages: total with noreadcount', payload pmid, friendid,
 * privatemsg; spec 9 message list page size 15): who may write to whom, what a message may hold, and how its
 * links are shown.
 *
 * Decisions where the spec is silent:
 * - A student writes to the school's staff: the main admin, and the sub-admins holding the 'student'
 *   permission (the group whose back office reads students' messages, so no message lands where nobody may
 *   read it). To another student only when the school allows it (inform_settings.allowStudentMessages, off
 *   by default). An administrator writes to the school's students; administrators do not write to each other
 *   here. Never across schools, never to oneself.
 * - A disabled account (either side) neither sends nor receives; what was written stays readable.
 * - Plain text: cleaned as comments are (control characters out, CR LF to LF, trimmed), counted in code
 *   points, at most MESSAGE_MAX.
 * - Links: only http and https addresses become links (the page opens them in a new tab with
 *   rel="noopener noreferrer"); everything else stays text.
 */
import { cleanCommentText } from './comments';

/** The most characters one message holds (code points after cleaning). */
export const MESSAGE_MAX = 1000;
/** Spec 9: message list page size 15. */
export const MESSAGE_PAGE_SIZE = 15;
/** The throttle per sender: at most perMinute messages in any windowMs. */
export const MESSAGE_RATE = { perMinute: 10, windowMs: 60_000 } as const;

export type PartyKind = 'student' | 'admin';

/** One side of a message as the rule needs it. */
export interface Party {
  kind: PartyKind;
  id: string;
  schoolId: string;
  disabled: boolean;
  /** An administrator who reads students' messages: the main admin or a holder of 'student'. */
  staff?: boolean;
}

/** Why a message may not be written, or null. Keys are the error strings (messages.error.<key> in i18n). */
export type MessageRefusal =
  | 'noRecipient'
  | 'self'
  | 'senderDisabled'
  | 'recipientDisabled'
  | 'notStaff'
  | 'studentsClosed'
  | 'adminToAdmin';

/**
 * Whether sender may write to recipient (in this order): another school's account is as if unknown
 * (noRecipient), oneself, a disabled sender, a disabled recipient, then the kinds: administrator to
 * administrator never; student to an administrator who is not staff; student to student only when allowed.
 */
export function messageRefusal(
  sender: Party,
  recipient: Party | null,
  allowStudentMessages: boolean,
): MessageRefusal | null {
  if (!recipient || recipient.schoolId !== sender.schoolId) return 'noRecipient';
  if (recipient.kind === sender.kind && recipient.id === sender.id) return 'self';
  if (sender.disabled) return 'senderDisabled';
  if (recipient.disabled) return 'recipientDisabled';
  if (sender.kind === 'admin' && recipient.kind === 'admin') return 'adminToAdmin';
  if (sender.kind === 'student' && recipient.kind === 'admin' && !recipient.staff) return 'notStaff';
  if (sender.kind === 'student' && recipient.kind === 'student' && !allowStudentMessages) return 'studentsClosed';
  return null;
}

/** The text as it is stored: plain text, cleaned as comments are. */
export const cleanMessageText = (text: string): string => cleanCommentText(text);

/** Characters of a message as the user sees them (code points of the cleaned text). */
export const messageLength = (text: string): number => Array.from(cleanMessageText(text)).length;

/** Why a message's text may not be sent: empty, or longer than MESSAGE_MAX; else null. */
export function messageTextRefusal(text: string): 'emptyMessage' | 'tooLong' | null {
  const length = messageLength(text);
  if (length === 0) return 'emptyMessage';
  if (length > MESSAGE_MAX) return 'tooLong';
  return null;
}

/** A piece of a message as shown: text, or a link to an http(s) address. */
export type MessagePart = { text: string } | { text: string; href: string };

// An address starts with http:// or https:// and runs to the next space or angle bracket; punctuation that
// usually ends a sentence is left out of its end.
const LINK = /https?:\/\/[^\s<>"'\u3000-\u303f\uff01-\uff0f]+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;

/** Splits a message into text and http(s) links (only those; javascript:, data: and the rest stay text). */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const href = raw.replace(TRAILING, '');
    let valid = false;
    try {
      const url = new URL(href);
      valid = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
    } catch {
      valid = false;
    }
    if (!valid) continue;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: href, href });
    at = start + href.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
