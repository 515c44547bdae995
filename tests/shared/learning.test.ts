import { describe, expect, it } from 'vitest';
import {
  allowedSeek,
  clampPage,
  clampZoom,
  currentHeadingIndex,
  furthestWatched,
  neighbours,
  readingProgress,
  resumePosition,
  slideForKey,
  studyOrder,
} from '../../shared/rules/learning';
import {
  ROUTES_OF_KIND,
  routeOfKind,
  studyRefusalOf,
  VIEWER_KINDS,
  LEARN_ROUTE_NAMES,
} from '../../shared/schemas/learning';

describe('reading progress (spec 4 Graphic reading: "(scroll position plus viewport) / page height, two decimals")', () => {
  it.each([
    ['at the top of a page three viewports long', 0, 800, 2400, 0.33],
    ['half way', 800, 800, 3200, 0.5],
    ['two decimals, rounded', 100, 800, 2700, 0.33],
    ['at the end', 1600, 800, 2400, 1],
    ['a page shorter than the viewport is read at once', 0, 800, 500, 1],
    ['sub-pixel short of the end still reaches 1', 1599.5, 800, 2400, 1],
    ['overscroll is clamped', 2000, 800, 2400, 1],
    ['negative scroll (elastic) counts as 0', -50, 800, 4000, 0.2],
    ['no height yet counts as read', 0, 800, 0, 1],
  ])('%s', (_name, scroll, viewport, height, expected) => {
    expect(readingProgress(scroll, viewport, height)).toBe(expected);
  });
});

describe('current heading (spec 4: "scroll position sets the current catalogue item")', () => {
  const tops = [300, 1200, 2400];
  it.each([
    ['before the first heading', 0, -1, false],
    ['the first heading reaches the reading line', 230, 0, false],
    ['between the second and the third', 1500, 1, false],
    ['past the last', 5000, 2, false],
    ['at the end of the page the last heading is current even below the line', 1800, 2, true],
  ])('%s', (_name, scroll, expected, atEnd) => {
    expect(currentHeadingIndex(tops, scroll, 80, atEnd)).toBe(expected);
  });
  it('no headings', () => expect(currentHeadingIndex([], 100)).toBe(-1));
});

describe('notAllowSkip (spec 3 Course settings): no seeking past the furthest point watched', () => {
  it('snaps a forward skip back to the furthest point; allows going back and small jitter', () => {
    expect(allowedSeek(60, 10, true)).toBe(10);
    expect(allowedSeek(11.5, 10, true)).toBe(11.5);
    expect(allowedSeek(3, 10, true)).toBe(3);
    expect(allowedSeek(60, 10, false)).toBe(60);
  });
  it('only continuous playback moves the furthest point on', () => {
    expect(furthestWatched(10, 10, 10.25)).toBe(10.25);
    expect(furthestWatched(10, 10, 45)).toBe(10);
    expect(furthestWatched(10, 3, 3.25)).toBe(10);
    expect(furthestWatched(10, 12, 11)).toBe(10);
  });
});

describe('resume, pages, zoom, slide keys', () => {
  it('resumes where the learner stopped, from the start once finished or unknown', () => {
    expect(resumePosition(42.5, 100)).toBe(42.5);
    expect(resumePosition(98, 100)).toBe(0);
    expect(resumePosition(null, 100)).toBe(0);
    expect(resumePosition(Number.NaN, 100)).toBe(0);
    expect(resumePosition(-3, 100)).toBe(0);
    expect(resumePosition(500, 0)).toBe(500);
  });
  it('keeps pages within the document', () => {
    expect(clampPage(3, 10)).toBe(3);
    expect(clampPage(0, 10)).toBe(1);
    expect(clampPage(12, 10)).toBe(10);
    expect(clampPage(2.7, 10)).toBe(2);
    expect(clampPage(undefined, 10)).toBe(1);
    expect(clampPage(5, 0)).toBe(1);
  });
  it('keeps zoom between 25% and 500%', () => {
    expect(clampZoom(1.5625)).toBe(1.56);
    expect(clampZoom(0.1)).toBe(0.25);
    expect(clampZoom(9)).toBe(5);
    expect(clampZoom(Number.NaN)).toBe(1);
  });
  it.each([
    ['ArrowRight', 0, 1],
    ['ArrowDown', 3, 4],
    ['PageDown', 4, 4],
    [' ', 1, 2],
    ['ArrowLeft', 0, 0],
    ['PageUp', 3, 2],
    ['Home', 3, 0],
    ['End', 1, 4],
    ['a', 1, null],
  ] as const)('key %j from slide %i of 5 goes to %j', (key, from, to) => {
    expect(slideForKey(key, from, 5)).toBe(to);
  });
});

describe('study order and the learn routes', () => {
  const chapters = [
    {
      cid: '1',
      title: 'Part',
      learnType: '',
      children: [
        { cid: '2', title: 'a', learnType: 'v' },
        { cid: '3', title: 'b', learnType: 'p' },
      ],
    },
    { cid: '4', title: 'Heading only', learnType: '', children: [] },
    { cid: '5', title: 'c', learnType: 'i', children: [] },
  ];
  it('subchapters of a chapter that has them, else the chapter; headings skipped', () => {
    expect(studyOrder(chapters).map((c) => c.cid)).toEqual(['2', '3', '5']);
    expect(neighbours(chapters, '3')).toMatchObject({ prev: { cid: '2' }, next: { cid: '5' } });
    expect(neighbours(chapters, '2').prev).toBeNull();
    expect(neighbours(chapters, '5').next).toBeNull();
    expect(neighbours(chapters, '9')).toEqual({ prev: null, next: null });
  });
  it('every viewer kind has its routes among the spec names; the v2/v3 variants open the same viewer', () => {
    for (const kind of VIEWER_KINDS)
      for (const route of ROUTES_OF_KIND[kind]) expect(LEARN_ROUTE_NAMES).toContain(route);
    expect(routeOfKind('video')).toBe('video');
    expect(routeOfKind('audio')).toBe('video');
    expect(ROUTES_OF_KIND.ppt).toEqual(['ppt', 'pptv2', 'pptv3']);
    expect(routeOfKind('exercise')).toBe('');
    const covered = new Set(VIEWER_KINDS.flatMap((kind) => ROUTES_OF_KIND[kind]));
    expect([...covered].sort()).toEqual([...LEARN_ROUTE_NAMES].sort());
  });
  it('maps the ware call’s error strings to refusal keys', () => {
    expect(studyRefusalOf('no login')).toBe('noLogin');
    expect(studyRefusalOf('designatedGroup')).toBe('designatedGroup');
    expect(studyRefusalOf('course removed')).toBe('courseRemoved');
    expect(studyRefusalOf('server error')).toBeNull();
  });
});
