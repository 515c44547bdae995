/**
 * Announcement rules (issue 16 'Announcements and system notices'; spec 4 'Announcement: pinned, viewed'):
 * who an announcement is for, when it shows, in which order, and which one the entry modal opens.
 */
import { descendantIds, type TreeNode } from './group-tree';

export type AnnouncementAudience = 'all' | 'groups';

/** What the audience and window rules read of an announcement (times in ms since the epoch). */
export interface AnnouncementFacts {
  audience: AnnouncementAudience;
  /** The chosen groups (audience 'groups'). */
  groupIds: readonly string[];
  /** null: a draft, seen by nobody. */
  publishedAt: number | null;
  /** null: from publishing on. */
  publishAt: number | null;
  /** null: open-ended. */
  endAt: number | null;
}

export type AnnouncementState = 'draft' | 'scheduled' | 'showing' | 'ended';

/** Where an announcement stands now: a draft, published but before its window, inside it, or past it. */
export function announcementState(a: Pick<AnnouncementFacts, 'publishedAt' | 'publishAt' | 'endAt'>, now: number) {
  if (a.publishedAt === null) return 'draft' satisfies AnnouncementState;
  if (a.publishAt !== null && now < a.publishAt) return 'scheduled' satisfies AnnouncementState;
  if (a.endAt !== null && now >= a.endAt) return 'ended' satisfies AnnouncementState;
  return 'showing' satisfies AnnouncementState;
}

/**
 * The groups that count for a student: the ones they belong to and every group above them, since a member
 * of a sub-group counts as a member of the chosen group.
 */
export function groupsWithAncestors(tree: readonly TreeNode[], memberOf: readonly string[]): Set<string> {
  const parent = new Map(tree.map((node) => [node.id, node.parentId]));
  const found = new Set<string>();
  for (const start of memberOf) {
    let id: string | null | undefined = start;
    while (id && id !== '0' && !found.has(id)) {
      found.add(id);
      id = parent.get(id);
    }
  }
  return found;
}

/** The groups whose members are the audience of chosen groups: the chosen ones and all their sub-groups. */
export function audienceGroupIds(tree: readonly TreeNode[], chosen: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const id of chosen) {
    found.add(id);
    for (const below of descendantIds(tree, id)) found.add(below);
  }
  return found;
}

/** Whether a student whose counting groups (groupsWithAncestors) are given is in the announcement's audience. */
export function inAudience(a: Pick<AnnouncementFacts, 'audience' | 'groupIds'>, countingGroups: ReadonlySet<string>) {
  if (a.audience === 'all') return true;
  return a.groupIds.some((id) => countingGroups.has(id));
}

/** Whether the student sees the announcement now: published, inside its window, and in its audience. */
export function seesAnnouncement(a: AnnouncementFacts, countingGroups: ReadonlySet<string>, now: number): boolean {
  return announcementState(a, now) === 'showing' && inAudience(a, countingGroups);
}

/** The students' order: pinned first, then the latest shown first (its window's start or its publishing). */
export function compareAnnouncements(
  a: { pinned: boolean; publishedAt: number | null; publishAt: number | null; id: string },
  b: { pinned: boolean; publishedAt: number | null; publishAt: number | null; id: string },
): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  const shownA = Math.max(a.publishAt ?? 0, a.publishedAt ?? 0);
  const shownB = Math.max(b.publishAt ?? 0, b.publishedAt ?? 0);
  if (shownA !== shownB) return shownB - shownA;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The announcement the entry modal opens: the first pinned one the student has not viewed, in the list's order. */
export function modalAnnouncement<T extends { pinned: boolean; viewed: boolean }>(list: readonly T[]): T | null {
  return list.find((item) => item.pinned && !item.viewed) ?? null;
}
