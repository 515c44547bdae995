import { describe, expect, it } from 'vitest';
import {
  descriptionEndDate,
  isStaged,
  stageGate,
  stageMonths,
  stageSlotOf,
  stageStart,
  stageWindow,
  type StageChapterNode,
  type StageSettings,
} from '../../shared/rules/staged-plan';

const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(y, m - 1, d, h, min, s, ms).getTime();
const endOfDay = (y: number, m: number, d: number) => at(y, m, d, 23, 59, 59, 999);

// Spec 9: "Stage months: label 0 uses the single stage_date month; label 1 maps stage_date 1 to months 1-3,
// 2 to 4-6, 3 to 7-9, otherwise 10-12; other labels use all 12 months."
describe('stageMonths (spec 9 Stage months)', () => {
  const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  it.each([
    ['label 0 uses the single stage_date month: 5', 0, 5, [5]],
    ['label 0, December', 0, 12, [12]],
    ['label 0, January', '0', 1, [1]],
    ['label 1, stage_date 1: months 1-3', 1, 1, [1, 2, 3]],
    ['label 1, stage_date 2: months 4-6', 1, 2, [4, 5, 6]],
    ['label 1, stage_date 3: months 7-9', 1, 3, [7, 8, 9]],
    ['label 1, stage_date 4 ("otherwise"): months 10-12', 1, 4, [10, 11, 12]],
    ['label 1, stage_date 0 ("otherwise"): months 10-12', 1, 0, [10, 11, 12]],
    ['label 2 uses all 12 months', 2, 3, all],
    ['label 9 uses all 12 months', 9, 0, all],
  ] as const)('%s', (_name, label, stageDate, expected) => expect(stageMonths(label, stageDate)).toEqual(expected));
});

// Spec 4 'Staged plan': "a subsection opens only from its start date, built from stage_year, quarter or month
// from the label and stage_date, and position plus one."
describe('stageStart (spec 4: stage_year, the month from label and stage_date, position plus one)', () => {
  const plan = (label: number, stage_date: number, stage_year = 2026): StageSettings => ({
    label,
    stage_year,
    stage_date,
    expire_limit: false,
  });
  it.each([
    ['label 0, month 5, position 0 opens on 1 May', plan(0, 5), 0, 0, at(2026, 5, 1)],
    ['label 0, month 5, position 2 opens on 3 May (position plus one)', plan(0, 5), 0, 2, at(2026, 5, 3)],
    ['label 0: a later chapter stays in the single month', plan(0, 5), 3, 0, at(2026, 5, 1)],
    ['label 1, quarter 2: the second chapter takes month 5', plan(1, 2), 1, 0, at(2026, 5, 1)],
    ['label 1, quarter 4: the third chapter takes December', plan(1, 4), 2, 9, at(2026, 12, 10)],
    ['label 1, quarter 4: a fourth chapter stays in December', plan(1, 4), 3, 0, at(2026, 12, 1)],
    ['label 2: chapter 12 takes December', plan(2, 0), 11, 30, at(2026, 12, 31)],
    ['position past the month end rolls on (30 Feb is 2 March in 2026)', plan(0, 2), 0, 29, at(2026, 3, 2)],
    ['leap year: position 28 in February 2028 is 29 February', plan(0, 2, 2028), 0, 28, at(2028, 2, 29)],
    ['not a leap year: position 28 in February 2027 is 1 March', plan(0, 2, 2027), 0, 28, at(2027, 3, 1)],
  ] as const)('%s', (_name, settings, stageIndex, position, expected) =>
    expect(stageStart(settings, stageIndex, position)).toBe(expected),
  );

  it('stage_year 0 is not staged', () => {
    expect(isStaged({ stage_year: 0 })).toBe(false);
    expect(isStaged({ stage_year: 2026 })).toBe(true);
  });
});

// Spec 3 'Chapter': "description (holds an end date for staged plans)".
describe('descriptionEndDate (spec 3: the end date held in the description)', () => {
  it.each([
    ['a bare date is the last ms of that day', '2026-05-20', endOfDay(2026, 5, 20)],
    ['inside rich text', '<p>截止日期：<strong>2026-05-20</strong></p>', endOfDay(2026, 5, 20)],
    ['with a time, that instant', '<p>2026-05-20 18:30</p>', at(2026, 5, 20, 18, 30)],
    ['with seconds', 'ends 2026-05-20 18:30:15 sharp', at(2026, 5, 20, 18, 30, 15)],
    ['slashes', 'until 2026/5/2', endOfDay(2026, 5, 2)],
    ['the first date wins', '2026-05-20 or 2026-06-01', endOfDay(2026, 5, 20)],
    ['no date', '<p>no end</p>', null],
    ['empty', '', null],
    ['null', null, null],
    ['month 13 is no date', '2026-13-01', null],
    ['30 February is no date', '2026-02-30', null],
    ['29 February in a leap year is a date', '2028-02-29', endOfDay(2028, 2, 29)],
  ] as const)('%s', (_name, description, expected) => expect(descriptionEndDate(description)).toBe(expected));
});

// Spec 4: "Where expire_limit is set it also closes after the end date held in the description."
describe('stageWindow (spec 4: open from the start date; closed after the end date where expire_limit is set)', () => {
  const may = (expire_limit: boolean): StageSettings => ({ label: 0, stage_year: 2026, stage_date: 5, expire_limit });
  const slot = { stageIndex: 0, position: 2, description: '<p>2026-05-10</p>' };
  const start = at(2026, 5, 3);
  const end = endOfDay(2026, 5, 10);
  it.each([
    ['a ms before the start: not yet open', may(true), start - 1, 'notYetOpen', end],
    ['exactly the start: open', may(true), start, 'open', end],
    ['the last ms of the end day: open', may(true), end, 'open', end],
    ['a ms after the end day: closed', may(true), end + 1, 'closed', end],
    ['without expire_limit it never closes', may(false), at(2027, 1, 1), 'open', null],
    ['without expire_limit, before the start still not yet open', may(false), start - 1, 'notYetOpen', null],
  ] as const)('%s', (_name, settings, now, state, expectedEnd) =>
    expect(stageWindow(settings, slot, now)).toEqual({ state, start, end: expectedEnd }),
  );

  it('expire_limit with no date in the description never closes', () => {
    expect(stageWindow(may(true), { stageIndex: 0, position: 0, description: 'soon' }, at(2030, 1, 1))).toEqual({
      state: 'open',
      start: at(2026, 5, 1),
      end: null,
    });
  });
});

// Spec 4: "Before opening, a dialog shows the opening window with Confirm or Return to plan. Messages: the next
// subsection is not open yet."
describe('stageGate (spec 4: the opening-window dialog)', () => {
  const quarter: StageSettings = { label: 1, stage_year: 2026, stage_date: 4, expire_limit: true };
  const tree: StageChapterNode[] = [
    {
      cid: 'oct',
      position: 0,
      children: [
        { cid: 'o1', position: 0 },
        { cid: 'o2', position: 1, description: '2026-10-05' },
      ],
    },
    { cid: 'nov', position: 1, children: [{ cid: 'n1', position: 0 }] },
    { cid: 'dec', position: 2, description: '', children: [] },
  ];
  it.each([
    [
      'o2 opens on 2 October',
      'o2',
      at(2026, 10, 2),
      { open: true, window: { state: 'open', start: at(2026, 10, 2), end: endOfDay(2026, 10, 5) } },
    ],
    [
      'o2 on 1 October: not yet open, Confirm or Return to plan',
      'o2',
      at(2026, 10, 1, 12),
      {
        open: false,
        window: { state: 'notYetOpen', start: at(2026, 10, 2), end: endOfDay(2026, 10, 5) },
        message: 'stageNotOpen',
        actions: ['confirm', 'returnToPlan'],
        coid: 'P1',
      },
    ],
    [
      'o2 on 6 October: closed',
      'o2',
      at(2026, 10, 6),
      {
        open: false,
        window: { state: 'closed', start: at(2026, 10, 2), end: endOfDay(2026, 10, 5) },
        message: 'stageClosed',
        actions: ['confirm', 'returnToPlan'],
        coid: 'P1',
      },
    ],
    [
      'n1 (second chapter of quarter 4) opens on 1 November',
      'n1',
      at(2026, 11, 1),
      { open: true, window: { state: 'open', start: at(2026, 11, 1), end: null } },
    ],
    [
      'dec, a chapter without subchapters, on 30 November: not yet open',
      'dec',
      at(2026, 11, 30, 23, 59),
      {
        open: false,
        window: { state: 'notYetOpen', start: at(2026, 12, 1), end: null },
        message: 'stageNotOpen',
        actions: ['confirm', 'returnToPlan'],
        coid: 'P1',
      },
    ],
    ['an unknown chapter is not gated here', 'zz', at(2020, 1, 1), { open: true, window: null }],
  ] as const)('%s', (_name, cid, now, expected) => expect(stageGate('P1', quarter, tree, cid, now)).toEqual(expected));

  it('a course that is not staged is never gated', () => {
    expect(stageGate('P1', { ...quarter, stage_year: 0 }, tree, 'n1', at(2000, 1, 1))).toEqual({
      open: true,
      window: null,
    });
  });

  it('places chapters by their order among top-level chapters', () => {
    const shuffled = [tree[2], tree[0], tree[1]];
    expect(stageSlotOf(shuffled, 'n1')).toEqual({ stageIndex: 1, position: 0, description: undefined });
  });
});
