/**
 * Course comments (spec 5 'Course comment', 'Graphic comment checks in order'; spec 6 owner; spec 9 COMMENT_MAX).
 *
 * Spec 5: "Course comment: non-empty, user logged in, course bought, at most 256 characters, and the
 * school owner cannot comment. Graphic comment checks in order: not logged in (noLogin), empty
 * (emptyComment), not purchased (graCommentTip), longer than 256 (moreWordAlert), author commenting on
 * own course (addCommentAlert)."
 *
 * Decisions where the spec is silent:
 * - Characters are counted as code points (what a person sees as one Chinese character or one emoji
 *   is one, not two UTF-16 units), after control characters are removed and the text is trimmed.
 * - The spec names no message for an ordinary course not bought; its graphic twin graCommentTip is used
 *   for both, worded to fit both ("buy or obtain the course first").
 * - "The school owner cannot comment" covers every account without a student id (the owner and the
 *   sub-admins: spec 6 请使用学员账号进行操作！), and that message is the addCommentAlert text. An
 *   administrator has access to the whole course, so callers pass bought = true for one and the last
 *   check is the one that refuses them (as the spec's order implies: owners would otherwise always be
 *   told to buy).
 * - 'bought' for a free course: see commentOwnership below.
 */
import { COMMENT_MAX } from '../constants';
import { allowedByGroups } from './course-buttons';
import { isFree, type Money } from './course-status';

export { COMMENT_MAX };

/** The spec's message keys of a refused comment (spec 8); the texts are comments.<key> in shared/i18n. */
export type CommentRefusal = 'noLogin' | 'emptyComment' | 'graCommentTip' | 'moreWordAlert' | 'addCommentAlert';

export interface CommentCheck {
  loggedIn: boolean;
  text: string;
  /** The course is the commenter's (see commentOwnership); true for an administrator. */
  bought: boolean;
  /** The school owner or any other account without a student id. */
  isOwner: boolean;
  /** A graphic course (shared/rules/course-buttons isGraphic): the spec's ordered checks. */
  graphic: boolean;
}

// C0 and C1 control characters except tab and line feed (a comment may have several lines), plus the
// zero-width and direction-override characters that can hide or reorder text.
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** The text as it is stored: CR LF and CR become LF, control characters go, then trimmed. Plain text, never HTML. */
export function cleanCommentText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();
}

/** How many characters a comment has, as the user sees them: code points of the cleaned text. */
export function commentLength(text: string): number {
  return Array.from(cleanCommentText(text)).length;
}

/**
 * Why the comment may not be sent, or null. Course order (spec 5): emptyComment, noLogin,
 * graCommentTip, moreWordAlert, addCommentAlert. Graphic order: noLogin, emptyComment, graCommentTip,
 * moreWordAlert, addCommentAlert.
 */
export function commentRefusal(check: CommentCheck): CommentRefusal | null {
  const length = commentLength(check.text);
  const empty = length === 0;
  if (check.graphic) {
    if (!check.loggedIn) return 'noLogin';
    if (empty) return 'emptyComment';
  } else {
    if (empty) return 'emptyComment';
    if (!check.loggedIn) return 'noLogin';
  }
  if (!check.bought) return 'graCommentTip';
  if (length > COMMENT_MAX) return 'moreWordAlert';
  if (check.isOwner) return 'addCommentAlert';
  return null;
}

export interface CommentOwnership {
  actual: Money;
  authentication_gid: string | number | null | undefined;
  /** The student's group ids. */
  gid: readonly (string | number)[];
  /** The student has the course (enrolment: bought, obtained, through a column, given by an admin). */
  enrolled: boolean;
  /** The student belongs to the course's school. */
  sameSchool: boolean;
}

/**
 * Whether a student has the course for commenting ("course bought"): enrolled; or, for a free course,
 * a student of its school inside its allowed groups — a free course is open to every signed-in student
 * of the school (spec 4: "free or bought shows start learning"), so it counts as owned unless it is
 * group-restricted (authentication_gid) and the student is outside the groups (allowedByGroups, the
 * one group check of buying and starting). A free graphic course is obtained through its reading
 * heartbeat, which is open to the same students, so it is treated the same way.
 */
export function commentOwnership(input: CommentOwnership): boolean {
  if (input.enrolled) return true;
  return input.sameSchool && isFree({ actual: input.actual }) && allowedByGroups(input.authentication_gid, input.gid);
}
