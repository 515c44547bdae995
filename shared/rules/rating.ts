/**
 * The rating dialog's rules (spec 4 'Rating dialog', spec 5 'Rating', spec 9 'rating comment max 100').
 *
 * Spec 4: "stars 0 to 5; clicking the current score lowers it by one, otherwise sets it. Star picture:
 * 0 none, under 3 one star, under 5 three stars, 5 all stars. Confirm is grey until text exists."
 * Spec 5: "a score is required (请先评分); comment must be non-empty (内容不能为空！); comment max 100
 * characters with a counter."
 *
 * Decisions where the spec is silent:
 * - "A score is required" means at least one star: a score of 0 is no score (the dialog opens at 0).
 * - Characters are counted as code points of the cleaned text, like course comments (shared/rules/comments).
 */
import { RATING_COMMENT_MAX } from '../constants';
import { cleanCommentText } from './comments';

export { RATING_COMMENT_MAX };

/** The highest score (five stars). */
export const RATING_SCORE_MAX = 5;

/** Spec 4: clicking the current score lowers it by one, otherwise sets it (kept within 0..5). */
export function nextScore(current: number, clicked: number): number {
  const next = clicked === current ? current - 1 : clicked;
  return Math.max(0, Math.min(RATING_SCORE_MAX, Math.trunc(next)));
}

/** Spec 4 'Star picture': how many stars the picture above the row shows: 0 none, under 3 one, under 5 three, 5 all. */
export function starPicture(score: number): 0 | 1 | 3 | 5 {
  if (score <= 0) return 0;
  if (score < 3) return 1;
  if (score < RATING_SCORE_MAX) return 3;
  return 5;
}

/** The comment as it is stored: plain text without control characters, trimmed. */
export function cleanRatingText(text: string): string {
  return cleanCommentText(text);
}

/** Characters of a rating comment as the counter shows them: code points of the cleaned text. */
export function ratingLength(text: string): number {
  return Array.from(cleanRatingText(text)).length;
}

/** Why a rating may not be sent (spec 5, in the dialog's order), or null; the texts are feedback.rating.<key>. */
export type RatingRefusal = 'noScore' | 'emptyContent' | 'tooLong';

export function ratingRefusal(input: { score: number | null | undefined; content: string }): RatingRefusal | null {
  if (!input.score || input.score < 1) return 'noScore';
  const length = ratingLength(input.content);
  if (length === 0) return 'emptyContent';
  if (length > RATING_COMMENT_MAX) return 'tooLong';
  return null;
}

/** Spec 4: Confirm is grey until text exists. */
export function canConfirmRating(content: string): boolean {
  return cleanRatingText(content) !== '';
}
