import { describe, expect, it } from 'vitest';
import {
  cleanCommentText,
  commentLength,
  commentOwnership,
  commentRefusal,
  COMMENT_MAX,
  type CommentCheck,
  type CommentRefusal,
} from '../../shared/rules/comments';

const ok: CommentCheck = { loggedIn: true, text: '好课', bought: true, isOwner: false, graphic: false };
const long = '字'.repeat(COMMENT_MAX + 1);

describe('course comment (spec 5: "non-empty, user logged in, course bought, at most 256 characters, and the school owner cannot comment")', () => {
  it.each([
    ['a student who bought it, a short text', ok, null],
    ['"non-empty"', { ...ok, text: '' }, 'emptyComment'],
    ['blank after trimming is empty', { ...ok, text: ' \n\t　' }, 'emptyComment'],
    ['control and zero-width characters only are empty', { ...ok, text: '\u0000\u200b\ufeff' }, 'emptyComment'],
    ['"user logged in"', { ...ok, loggedIn: false }, 'noLogin'],
    ['empty comes before not logged in on a course', { ...ok, loggedIn: false, text: '' }, 'emptyComment'],
    ['"course bought"', { ...ok, bought: false }, 'graCommentTip'],
    ['"at most 256 characters": 256 pass', { ...ok, text: '字'.repeat(256) }, null],
    ['257 do not', { ...ok, text: long }, 'moreWordAlert'],
    ['not bought comes before too long', { ...ok, text: long, bought: false }, 'graCommentTip'],
    ['"the school owner cannot comment"', { ...ok, isOwner: true }, 'addCommentAlert'],
    ['too long comes before the owner', { ...ok, isOwner: true, text: long }, 'moreWordAlert'],
  ] as [string, CommentCheck, CommentRefusal | null][])('%s', (_name, check, expected) => {
    expect(commentRefusal(check)).toBe(expected);
  });
});

describe('graphic comment checks in order (spec 5: noLogin, emptyComment, graCommentTip, moreWordAlert, addCommentAlert)', () => {
  const g: CommentCheck = { ...ok, graphic: true };
  it.each([
    ['all well', g, null],
    [
      '"not logged in (noLogin)" first, even when empty, not bought, too long and the owner',
      { ...g, loggedIn: false, text: '', bought: false, isOwner: true },
      'noLogin',
    ],
    ['"empty (emptyComment)" before not purchased', { ...g, text: '   ', bought: false }, 'emptyComment'],
    ['"not purchased (graCommentTip)" before too long', { ...g, bought: false, text: long }, 'graCommentTip'],
    ['"longer than 256 (moreWordAlert)" before the author', { ...g, text: long, isOwner: true }, 'moreWordAlert'],
    ['"author commenting on own course (addCommentAlert)" last', { ...g, isOwner: true }, 'addCommentAlert'],
  ] as [string, CommentCheck, CommentRefusal | null][])('%s', (_name, check, expected) => {
    expect(commentRefusal(check)).toBe(expected);
  });
});

describe('characters as the user sees them', () => {
  it.each([
    ['plain', 'abc', 3],
    ['Chinese', '你好世界', 4],
    ['emoji are one each, not two UTF-16 units', '😀😀', 2],
    ['trimmed before counting', '  ab  ', 2],
    ['control characters do not count', 'a\u0007b\u202e', 2],
    ['CR LF is one line break', 'a\r\nb', 3],
  ])('%s', (_name, text, length) => {
    expect(commentLength(text)).toBe(length);
  });

  it('256 emoji pass and 257 do not, though both are over 256 UTF-16 units', () => {
    expect(commentRefusal({ ...ok, text: '😀'.repeat(256) })).toBeNull();
    expect(commentRefusal({ ...ok, text: '😀'.repeat(257) })).toBe('moreWordAlert');
  });

  it('cleaning keeps line breaks and tabs inside, HTML as text', () => {
    expect(cleanCommentText(' \r\n<b>a</b>\tb\r\nc\u0000 ')).toBe('<b>a</b>\tb\nc');
  });
});

describe('what "bought" means for commenting', () => {
  const base = { actual: 0, authentication_gid: '', gid: [] as string[], enrolled: false, sameSchool: true };
  it.each([
    ['a free course is open to every student of its school', base, true],
    ['a free course of another school is not', { ...base, sameSchool: false }, false],
    ['a paid course needs buying', { ...base, actual: 9.9 }, false],
    ['a paid course bought (enrolled)', { ...base, actual: 9.9, enrolled: true }, true],
    [
      'a free group-restricted course, student inside the groups',
      { ...base, authentication_gid: '7,8', gid: ['8'] },
      true,
    ],
    [
      'a free group-restricted course, student outside the groups',
      { ...base, authentication_gid: '7,8', gid: ['9'] },
      false,
    ],
    ['a 0 entry allows every group', { ...base, authentication_gid: '0', gid: [] }, true],
    ['enrolled counts whatever the groups', { ...base, authentication_gid: '7', gid: [], enrolled: true }, true],
    ['a price as text', { ...base, actual: '0.00' }, true],
  ])('%s', (_name, input, expected) => {
    expect(commentOwnership(input)).toBe(expected);
  });
});
