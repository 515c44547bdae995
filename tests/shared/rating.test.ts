import { describe, expect, it } from 'vitest';
import {
  canConfirmRating,
  nextScore,
  RATING_COMMENT_MAX,
  ratingLength,
  ratingRefusal,
  starPicture,
} from '../../shared/rules/rating';

// Spec 4 'Rating dialog': "stars 0 to 5; clicking the current score lowers it by one, otherwise sets it."
describe('nextScore (spec 4: clicking the current score lowers it by one, otherwise sets it)', () => {
  it.each([
    ['from 0, click 3: set to 3', 0, 3, 3],
    ['from 3, click 3: lowered to 2', 3, 3, 2],
    ['from 3, click 5: set to 5', 3, 5, 5],
    ['from 5, click 5: lowered to 4', 5, 5, 4],
    ['from 5, click 1: set to 1', 5, 1, 1],
    ['from 1, click 1: lowered to 0 (no score)', 1, 1, 0],
    ['from 2, click 1: set to 1', 2, 1, 1],
    ['never above 5', 0, 9, 5],
    ['never below 0', 0, 0, 0],
  ])('%s', (_name, current, clicked, expected) => expect(nextScore(current, clicked)).toBe(expected));
});

// Spec 4: "Star picture: 0 none, under 3 one star, under 5 three stars, 5 all stars."
describe('starPicture (spec 4: 0 none, under 3 one star, under 5 three stars, 5 all stars)', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 1],
    [3, 3],
    [4, 3],
    [5, 5],
  ])('score %i shows %i stars', (score, stars) => expect(starPicture(score)).toBe(stars));
});

// Spec 5 'Rating': "a score is required (请先评分); comment must be non-empty (内容不能为空！); comment max 100 characters".
describe('ratingRefusal (spec 5, in the dialog order: score, then content, then length)', () => {
  it('the limit is the spec 9 rating comment max 100', () => expect(RATING_COMMENT_MAX).toBe(100));
  it.each([
    ['no score at all', undefined, '好', 'noScore'],
    ['score 0 is no score', 0, '好', 'noScore'],
    ['no score and no text: the score is asked for first', 0, '', 'noScore'],
    ['score and empty text', 3, '', 'emptyContent'],
    ['score and only spaces and line breaks', 3, '  \n\t ', 'emptyContent'],
    ['score and only zero-width characters', 3, '\u200b\u200b', 'emptyContent'],
    ['100 Chinese characters: fine', 5, '好'.repeat(100), null],
    ['101 Chinese characters: too long', 5, '好'.repeat(101), 'tooLong'],
    ['100 emoji count as 100: fine', 1, '😀'.repeat(100), null],
    ['101 emoji: too long', 1, '😀'.repeat(101), 'tooLong'],
    ['spaces around do not count', 4, `  ${'a'.repeat(100)}  `, null],
  ] as const)('%s', (_name, score, content, expected) => expect(ratingRefusal({ score, content })).toBe(expected));
});

describe('ratingLength and canConfirmRating (spec 4: Confirm is grey until text exists; the counter)', () => {
  it.each([
    ['', 0, false],
    ['   ', 0, false],
    ['a', 1, true],
    [' 讲得好 ', 3, true],
    ['😀😀', 2, true],
    ['a\r\nb', 3, true],
  ])('%j has %i characters, confirm %s', (text, length, confirmable) => {
    expect(ratingLength(text)).toBe(length);
    expect(canConfirmRating(text)).toBe(confirmable);
  });
});
