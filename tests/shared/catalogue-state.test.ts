import { describe, expect, it } from 'vitest';
import {
  breadcrumbAt,
  breadcrumbFor,
  catalogueEntries,
  catalogueReducer,
  categoryIdFromAddress,
  compareIds,
  initialCatalogueState,
  sortCourses,
  toCategory,
  type CatalogueAction,
  type CatalogueState,
  type Category,
  type SortField,
} from '../../shared/rules/catalogue-state';

const cat = (catid: string, title: string, parent_id = '0'): Category => ({ catid, title, parent_id });
const science = cat('1', 'Science');
const arts = cat('2', 'Arts');
const physics = cat('11', 'Physics', '1');
const chemistry = cat('12', 'Chemistry', '1');
const optics = cat('111', 'Optics', '11');
const mechanics = cat('112', 'Mechanics', '11');
const lasers = cat('1111', 'Lasers', '111');
const all = cat('0', 'all courses');

const run = (state: CatalogueState, ...actions: CatalogueAction[]) => actions.reduce(catalogueReducer, state);
const start = () => initialCatalogueState({ catesetting: [science, arts] });

describe('catalogue entries (spec 3: "The catalogue uses catesetting; if empty, a single default entry catid 0 titled all courses")', () => {
  it.each([
    ['configured list', [science, arts], undefined, [science, arts]],
    ['empty list', [], undefined, [all]],
    ['null', null, undefined, [all]],
    ['empty, translated title', [], '全部课程', [cat('0', '全部课程')]],
  ] as const)('%s', (_name, setting, title, expected) => expect(catalogueEntries(setting, title)).toEqual(expected));

  it('reads categories from replies (title or catname, ids as strings)', () => {
    expect(toCategory({ catid: 7, catname: 'Maths', parent_id: 0 })).toEqual(cat('7', 'Maths'));
    expect(toCategory({ catid: '8', title: 'Art' })).toEqual(cat('8', 'Art'));
  });
});

describe('category id from the address (spec 5: "defaults to 0 when not numeric")', () => {
  it.each([
    ['12', '12'],
    [' 12 ', '12'],
    ['007', '7'],
    ['0', '0'],
    [12, '12'],
    ['1234567890123456789', '1234567890123456789'],
    ['12abc', '0'],
    ['-3', '0'],
    ['1.5', '0'],
    ['', '0'],
    [undefined, '0'],
    [null, '0'],
    [['5'], '0'],
    ['123456789012345678901', '0'],
  ])('%j → %s', (value, expected) => expect(categoryIdFromAddress(value)).toBe(expected));
});

describe('breadcrumb (spec 9: "breadcrumb up to three levels")', () => {
  it.each([
    ['first level on an empty trail', [], 0, science, [science]],
    ['second level keeps the first', [science], 1, physics, [science, physics]],
    ['a new first level drops the rest', [science, physics, optics], 0, arts, [arts]],
    ['third level', [science, physics], 2, optics, [science, physics, optics]],
    ['a fourth level is capped to the nearest three', [science, physics, optics], 3, lasers, [physics, optics, lasers]],
    ['a level past the trail just appends', [science], 2, optics, [science, optics]],
  ] as const)('%s', (_name, trail, level, category, expected) =>
    expect(breadcrumbAt(trail, level, category)).toEqual(expected),
  );

  const flat = [science, arts, physics, chemistry, optics, mechanics, lasers];
  it.each([
    ['1', [science]],
    ['111', [science, physics, optics]],
    ['1111', [physics, optics, lasers]],
    ['999', []],
  ])('trail for %s', (catid, expected) => expect(breadcrumbFor(catid, flat)).toEqual(expected));

  it('stops on a parent loop', () => {
    expect(breadcrumbFor('a', [cat('a', 'A', 'b'), cat('b', 'B', 'a')])).toEqual([
      cat('b', 'B', 'a'),
      cat('a', 'A', 'b'),
    ]);
  });
});

describe('catalogue page state (spec 4)', () => {
  it('starts on the configured list with all courses selected, or the address category', () => {
    const state = start();
    expect(state).toMatchObject({
      selectedId: '0',
      currentName: 'all courses',
      leftList: [science, arts],
      sort: 'def',
      backStack: [],
    });
    expect(initialCatalogueState({ catesetting: [], selectedId: '0' }).leftList).toEqual([all]);
    expect(initialCatalogueState({ catesetting: [science], selectedId: '1' })).toMatchObject({
      currentName: 'Science',
      breadcrumb: [science],
    });
  });

  it('"Choosing a first-level category loads its children as second level"; second loads third; "third-level ... closes the drawer"', () => {
    let state = run(
      start(),
      { type: 'setDrawer', open: true },
      { type: 'chooseFirstLevel', category: science, children: [physics, chemistry] },
    );
    expect(state).toMatchObject({
      selectedId: '1',
      currentName: 'Science',
      breadcrumb: [science],
      secondLevel: [physics, chemistry],
      thirdLevel: [],
    });
    state = catalogueReducer(state, { type: 'chooseSecondLevel', category: physics, children: [optics, mechanics] });
    expect(state).toMatchObject({
      selectedId: '11',
      breadcrumb: [science, physics],
      thirdLevel: [optics, mechanics],
      drawerOpen: true,
    });
    state = catalogueReducer(state, { type: 'chooseThirdLevel', category: optics });
    expect(state).toMatchObject({
      selectedId: '111',
      currentName: 'Optics',
      breadcrumb: [science, physics, optics],
      drawerOpen: false,
    });
    state = catalogueReducer(state, { type: 'chooseFirstLevel', category: arts, children: [] });
    expect(state).toMatchObject({ breadcrumb: [arts], secondLevel: [], thirdLevel: [] });
  });

  // Spec 4: "third-level loads its courses and closes the drawer", in the phone drawer too (a right pick).
  it.each([
    ['a first-level category', 1, true],
    ['a second-level category', 2, true],
    ['a third-level category', 3, false],
    ['a category of unknown level', undefined, true],
  ] as const)('mobile: picking %s on the right leaves the drawer open: %s', (_name, level, open) => {
    const opened = catalogueReducer(start(), { type: 'setDrawer', open: true });
    const state = catalogueReducer(opened, { type: 'pickLeft', category: science, children: [physics] });
    const picked = catalogueReducer(state, { type: 'pickRight', category: physics, children: [], level });
    expect(picked).toMatchObject({ selectedId: '11', leftList: [physics], rightList: [], drawerOpen: open });
    expect(picked.backStack).toHaveLength(1);
  });

  it('mobile: left loads children on the right; a right pick pushes the state and becomes the left list; back pops', () => {
    const s0 = start();
    const s1 = catalogueReducer(s0, { type: 'pickLeft', category: science, children: [physics, chemistry] });
    expect(s1).toMatchObject({
      selectedId: '1',
      leftList: [science, arts],
      rightList: [physics, chemistry],
      breadcrumb: [science],
      backStack: [],
    });
    const s2 = catalogueReducer(s1, { type: 'pickRight', category: physics, children: [optics, mechanics] });
    expect(s2).toMatchObject({
      selectedId: '11',
      currentName: 'Physics',
      leftList: [physics, chemistry],
      rightList: [optics, mechanics],
      breadcrumb: [science, physics],
    });
    expect(s2.backStack).toHaveLength(1);
    const s3 = catalogueReducer(s2, { type: 'pickLeft', category: chemistry, children: [] });
    expect(s3).toMatchObject({ selectedId: '12', rightList: [], breadcrumb: [science, chemistry] });
    const s4 = run(
      s2,
      { type: 'pickRight', category: optics, children: [lasers] },
      { type: 'pickRight', category: lasers, children: [] },
    );
    expect(s4.breadcrumb).toEqual([physics, optics, lasers]);
    expect(s4.backStack).toHaveLength(3);
    const back = catalogueReducer(s3, { type: 'backOneLevel' });
    expect(back).toMatchObject({
      selectedId: '1',
      currentName: 'Science',
      leftList: [science, arts],
      rightList: [physics, chemistry],
      breadcrumb: [science],
      backStack: [],
    });
  });

  it.each([
    ['the configured list', [science, arts], [science, arts]],
    ['the default all-courses entry', [], [all]],
  ] as const)('back at the root (empty back stack) restores %s', (_name, catesetting, leftList) => {
    const state = catalogueReducer(initialCatalogueState({ catesetting }), {
      type: 'pickLeft',
      category: leftList[0],
      children: [physics],
    });
    expect(catalogueReducer(state, { type: 'backOneLevel' })).toMatchObject({
      selectedId: '0',
      currentName: 'all courses',
      leftList,
      rightList: [],
      breadcrumb: [],
      backStack: [],
    });
  });

  it.each([
    [
      'selects the first left category',
      start(),
      [physics],
      { selectedId: '1', currentName: 'Science', rightList: [physics], secondLevel: [physics] },
    ],
    [
      'no left list: all courses',
      { ...start(), leftList: [] },
      undefined,
      { selectedId: '0', currentName: 'all courses', rightList: [] },
    ],
  ] as [string, CatalogueState, Category[] | undefined, object][])(
    '"The empty-search event selects the first left category": %s',
    (_name, state, children, expected) => {
      expect(catalogueReducer(state, { type: 'emptySearch', children })).toMatchObject(expected);
    },
  );

  it.each([
    ['def stays default', [], 'def', { sort: 'def', numAsc: false, timeAsc: false }],
    ['num first click: descending', [], 'num', { sort: 'num', numAsc: false }],
    ['num second click flips to ascending', ['num'], 'num', { sort: 'num', numAsc: true }],
    ['num third click flips back', ['num', 'num'], 'num', { sort: 'num', numAsc: false }],
    ['time after num keeps the num toggle', ['num', 'num'], 'time', { sort: 'time', numAsc: true, timeAsc: false }],
    ['time twice: ascending', ['time'], 'time', { sort: 'time', timeAsc: true }],
    [
      'back to def keeps both toggles',
      ['time', 'time', 'num', 'num'],
      'def',
      { sort: 'def', numAsc: true, timeAsc: true },
    ],
  ] as [string, SortField[], SortField, object][])('sort: %s', (_name, before, field, expected) => {
    const state = run(start(), ...before.map((f): CatalogueAction => ({ type: 'sortBy', field: f })));
    expect(catalogueReducer(state, { type: 'sortBy', field })).toMatchObject(expected);
  });
});

describe('sorting courses (spec 4: "num by learner count, time by creation date, default by count descending")', () => {
  const courses = [
    { coid: '9007199254740993', lcount: 5, create_time: '2026-01-02 08:00:00' },
    { coid: '9007199254740992', lcount: 50, create_time: '2025-12-31 23:59:59' },
    { coid: '10', lcount: '7', create_time: '2026-03-01' },
    { coid: '11', lcount: 5, create_time: '' },
    { coid: '12', lcount: 5, count: 100, create_time: '2026-01-02 08:00:00' },
  ];
  it.each([
    [
      'def: count (else lcount) descending, ties newest coid first',
      'def',
      false,
      false,
      ['12', '9007199254740992', '10', '9007199254740993', '11'],
    ],
    [
      'num descending, ties newest coid first',
      'num',
      false,
      false,
      ['9007199254740992', '10', '9007199254740993', '12', '11'],
    ],
    ['num ascending', 'num', true, false, ['9007199254740993', '12', '11', '10', '9007199254740992']],
    [
      'time descending (newest first), unreadable last',
      'time',
      false,
      false,
      ['10', '9007199254740993', '12', '9007199254740992', '11'],
    ],
    [
      'time ascending, unreadable still last, ties by coid ascending',
      'time',
      false,
      true,
      ['9007199254740992', '12', '9007199254740993', '10', '11'],
    ],
  ] as [string, SortField, boolean, boolean, string[]][])('%s', (_name, sort, numAsc, timeAsc, expected) => {
    const copy = [...courses];
    expect(sortCourses(courses, sort, numAsc, timeAsc).map((c) => c.coid)).toEqual(expected);
    expect(courses).toEqual(copy);
  });

  it.each([
    ['9007199254740993', '9007199254740992', 1],
    ['10', '9', 1],
    ['007', '7', 0],
    ['2', '10', -1],
  ])('compares ids %s and %s beyond 2^53', (a, b, sign) => expect(Math.sign(compareIds(a, b))).toBe(sign));
});
