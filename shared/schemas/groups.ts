import * as z from 'zod';
import { zId } from './common';

/**
 * A group of a school's tree: student groups (s/group, spec 6 'Groups': courses restrict by
 * authentication_gid) or admin groups (a/group, the sub-admins of the back office). parent_id '0' is the root.
 * members: the students (or sub-admins) in the group itself, not counting its sub-groups.
 */
export const zGroup = z.object({
  gid: z.string(),
  name: z.string(),
  parent_id: z.string(),
  position: z.number().int(),
  members: z.number().int().optional(),
});
export type Group = z.infer<typeof zGroup>;
export const zGroupList = z.object({ groups: z.array(zGroup) });
export type GroupList = z.infer<typeof zGroupList>;

/** Which tree a group call works on: s/group (student_groups) or a/group (admin_groups). */
export type GroupKind = 'student' | 'admin';

/** Longest group name (trimmed); names are unique among siblings. */
export const GROUP_NAME_MAX = 50;

const name = z.string().trim().min(1, 'is required').max(GROUP_NAME_MAX);
/** A parent group's id, or '0' for the root. */
const parentId = z.union([z.literal('0'), zId]);

/** POST s/group/add and a/group/add: a group at the end of its parent's sub-groups. */
export const zNewGroup = z.object({ name, parent_id: parentId.default('0') });
export const zRenameGroup = z.object({ gid: zId, name });
/** POST s/group/move and a/group/move: under parent_id at position (0 = first among its new siblings; past the end = last). */
export const zMoveGroup = z.object({
  gid: zId,
  parent_id: parentId,
  position: z.coerce.number().int().min(0).max(100_000),
});
export const zDeleteGroup = z.object({ gid: zId });
export const zAddedGroup = zGroupList.extend({ gid: z.string() });

/** Error strings of the group calls (409 unless said). */
export const GROUP_ERRORS = {
  nameTaken: 'a sibling group has this name',
  cycle: 'a group cannot move under itself or its sub-groups',
  hasChildren: 'the group has sub-groups',
  inUse: 'courses, plans or exams are restricted to the group',
} as const;
