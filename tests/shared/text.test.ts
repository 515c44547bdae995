import { describe, expect, it } from 'vitest';
import { TITLE_LIMIT } from '../../shared/constants';
import {
  characters,
  filterTitle,
  formatClock,
  formatDuration,
  formatPrice,
  priceLabel,
  searchAllowed,
  searchKeyword,
} from '../../shared/rules/text';

const zh30 = '课'.repeat(30);

describe('title filter (spec 9: "Title limit 30 characters with ellipsis")', () => {
  it.each([
    ['short title unchanged', 'Intro to algebra', undefined, 'Intro to algebra'],
    ['exactly 30 Chinese characters unchanged', zh30, undefined, zh30],
    ['31 Chinese characters: 30 then an ellipsis', zh30 + '程', undefined, zh30 + '…'],
    ['31 ASCII characters', 'a'.repeat(31), undefined, 'a'.repeat(30) + '…'],
    ['emoji are not split', '😀'.repeat(31), undefined, '😀'.repeat(30) + '…'],
    ['joined emoji count as one character', '👨‍👩‍👧'.repeat(3), 2, '👨‍👩‍👧👨‍👩‍👧…'],
    ['a custom limit', '线性代数入门课程', 4, '线性代数…'],
    ['empty', '', undefined, ''],
    ['null', null, undefined, ''],
  ] as const)('%s', (_name, title, limit, expected) => expect(filterTitle(title, limit)).toBe(expected));

  it('defaults to TITLE_LIMIT from constants', () => {
    expect(TITLE_LIMIT).toBe(30);
    expect(characters('a😀课')).toEqual(['a', '😀', '课']);
  });
});

describe('duration (spec 5: "Duration displays as hours/minutes/seconds")', () => {
  it.each([
    [3723, '1小时2分3秒', '1 h 2 min 3 s', '1:02:03'],
    [123, '2分3秒', '2 min 3 s', '02:03'],
    [59, '59秒', '59 s', '00:59'],
    [3600, '1小时', '1 h', '1:00:00'],
    [3603, '1小时3秒', '1 h 3 s', '1:00:03'],
    [0, '0秒', '0 s', '00:00'],
    [-5, '0秒', '0 s', '00:00'],
    [90.9, '1分30秒', '1 min 30 s', '01:30'],
    ['125', '2分5秒', '2 min 5 s', '02:05'],
    [null, '0秒', '0 s', '00:00'],
    [Number.NaN, '0秒', '0 s', '00:00'],
    [36 * 3600 + 61, '36小时1分1秒', '36 h 1 min 1 s', '36:01:01'],
  ] as const)('%s seconds', (seconds, zh, en, clock) => {
    expect(formatDuration(seconds, 'zh-CN')).toBe(zh);
    expect(formatDuration(seconds, 'en-gb')).toBe(en);
    expect(formatClock(seconds)).toBe(clock);
  });
});

describe('price label (spec 2: "price with the yuan sign. Price hidden on desktop when 0, shown as free on mobile")', () => {
  it.each([
    ['paid on desktop', 29.9, false, 'zh-CN', '￥29.90'],
    ['paid on mobile', '199', true, 'en-gb', '￥199.00'],
    ['half up to cents', 1.005, false, 'zh-CN', '￥1.01'],
    ['0 hidden on desktop', 0, false, 'zh-CN', null],
    ['0 free on mobile (zh-CN)', 0, true, 'zh-CN', '免费'],
    ['0 free on mobile (en-gb)', '0.00', true, 'en-gb', 'Free'],
    ['negative counts as free', -1, true, 'zh-CN', '免费'],
    ['unreadable price shows nothing', 'abc', true, 'zh-CN', null],
    ['missing price shows nothing', null, true, 'zh-CN', null],
  ] as const)('%s', (_name, actual, mobile, locale, expected) =>
    expect(priceLabel(actual, { mobile }, locale)).toBe(expected),
  );

  it('formats a bare price', () => {
    expect(formatPrice(12)).toBe('￥12.00');
    expect(formatPrice('x')).toBeNull();
  });
});

describe('search (spec 5: "only when the keyword is non-empty and no search is already running")', () => {
  it.each([
    ['a keyword, idle', 'algebra', false, true],
    ['a keyword, already running', 'algebra', true, false],
    ['empty keyword', '', false, false],
    ['spaces only', '   ', false, false],
    ['null keyword', null, false, false],
    ['keyword with spaces around', '  代数 ', false, true],
  ] as const)('%s', (_name, keyword, running, expected) => expect(searchAllowed(keyword, running)).toBe(expected));

  it('sends the trimmed keyword', () => expect(searchKeyword('  代数 ')).toBe('代数'));
});
