import { describe, expect, it } from 'vitest';
import {
  announcementState,
  audienceGroupIds,
  compareAnnouncements,
  groupsWithAncestors,
  inAudience,
  modalAnnouncement,
  seesAnnouncement,
  type AnnouncementFacts,
} from '../../shared/rules/announcements';

// A school's groups: Year 1 > Class A > Lab team; Year 2 stands alone.
const TREE = [
  { id: 'y1', parentId: null },
  { id: 'a', parentId: 'y1' },
  { id: 'lab', parentId: 'a' },
  { id: 'y2', parentId: '0' },
];

const base: AnnouncementFacts = { audience: 'all', groupIds: [], publishedAt: 100, publishAt: null, endAt: null };

describe('announcement state (draft, scheduled, showing, ended)', () => {
  it.each<[string, Partial<AnnouncementFacts>, number, string]>([
    ['a draft is seen by nobody', { publishedAt: null }, 500, 'draft'],
    ['a draft with a window is still a draft', { publishedAt: null, publishAt: 0, endAt: 1000 }, 500, 'draft'],
    ['published with no window shows', {}, 500, 'showing'],
    ['before its start it waits', { publishAt: 600 }, 500, 'scheduled'],
    ['from its start instant it shows', { publishAt: 500 }, 500, 'showing'],
    ['up to just before its end it shows', { endAt: 501 }, 500, 'showing'],
    ['at its end it has ended', { endAt: 500 }, 500, 'ended'],
    ['past its end it has ended', { publishAt: 0, endAt: 400 }, 500, 'ended'],
  ])('%s', (_name, facts, now, expected) => {
    expect(announcementState({ ...base, ...facts }, now)).toBe(expected);
  });
});

describe('audience: everyone or chosen groups, a member of a sub-group counts', () => {
  it.each<[string, string[], string[], boolean]>([
    ['a member of the chosen group', ['a'], ['a'], true],
    ['a member of a sub-group of the chosen group', ['y1'], ['lab'], true],
    ['a member two levels down', ['y1'], ['lab'], true],
    ['a member of the parent of the chosen group does not count', ['a'], ['y1'], false],
    ['a member of another group', ['a'], ['y2'], false],
    ['a student in no group', ['a'], [], false],
    ['one of several groups is enough', ['y2', 'lab'], ['lab'], true],
  ])('%s', (_name, chosen, memberOf, expected) => {
    const counting = groupsWithAncestors(TREE, memberOf);
    expect(inAudience({ audience: 'groups', groupIds: chosen }, counting)).toBe(expected);
    // The back office counts the same audience from the other end: the chosen groups and their sub-groups.
    const audience = audienceGroupIds(TREE, chosen);
    expect(memberOf.some((id) => audience.has(id))).toBe(expected);
  });

  it('everyone includes a student in no group', () => {
    expect(inAudience({ audience: 'all', groupIds: [] }, new Set())).toBe(true);
  });

  it('a damaged tree with a loop still ends', () => {
    const loop = [
      { id: 'x', parentId: 'y' },
      { id: 'y', parentId: 'x' },
    ];
    expect([...groupsWithAncestors(loop, ['x'])].sort()).toEqual(['x', 'y']);
  });

  it('seeing needs both: showing now and in the audience', () => {
    const counting = groupsWithAncestors(TREE, ['lab']);
    const forA = { ...base, audience: 'groups' as const, groupIds: ['a'] };
    expect(seesAnnouncement(forA, counting, 500)).toBe(true);
    expect(seesAnnouncement({ ...forA, publishedAt: null }, counting, 500)).toBe(false);
    expect(seesAnnouncement({ ...forA, groupIds: ['y2'] }, counting, 500)).toBe(false);
  });
});

describe('order and the entry modal', () => {
  const item = (id: string, pinned: boolean, shown: number, viewed = false) => ({
    id,
    pinned,
    publishedAt: shown,
    publishAt: null,
    viewed,
  });

  it('pinned first, then the latest shown first', () => {
    const list = [item('1', false, 300), item('2', true, 100), item('3', false, 400), item('4', true, 200)];
    expect(list.sort(compareAnnouncements).map((a) => a.id)).toEqual(['4', '2', '3', '1']);
  });

  it('a window start later than publishing counts as when it was shown', () => {
    const later = { ...item('1', false, 100), publishAt: 900 };
    expect([item('2', false, 500), later].sort(compareAnnouncements).map((a) => a.id)).toEqual(['1', '2']);
  });

  it.each<[string, Awaited<ReturnType<typeof item>>[], string | null]>([
    ['the first pinned one not viewed', [item('1', true, 9, true), item('2', true, 8), item('3', true, 7)], '2'],
    ['an unpinned unread one never opens the modal', [item('1', false, 9)], null],
    ['every pinned one viewed: no modal', [item('1', true, 9, true)], null],
    ['nothing to show', [], null],
  ])('%s', (_name, list, expected) => {
    expect(modalAnnouncement(list)?.id ?? null).toBe(expected);
  });
});
