/**
 * Group trees (spec 7 'groups s/group and a/group (add, list, rename, move, delete)'). s/group: student groups,
 * written by admins holding 'student'; listing is also open to 'course' and 'exam' admins (plan assignment,
 * group restriction, an exam's audience). a/group: the sub-admins' groups, for the main admin and holders of
 * 'admin' (spec 6: the main admin manages groups; adminPermissions gives the main admin every group).
 */
import type { PermissionGroup } from '../constants';
import * as s from '../schemas/groups';
import { defineCall } from '../contract';

interface Tree {
  prefix: string;
  tag: string;
  read: readonly PermissionGroup[];
  write: PermissionGroup;
  what: string;
  deleteSummary: string;
}

/** The five calls of one kind of group tree. */
function treeCalls({ prefix, tag, read, write, what, deleteSummary }: Tree) {
  const tags = [tag];
  const access = { admin: write };
  return {
    list: defineCall({
      method: 'GET',
      path: `${prefix}/list`,
      access: { admin: read },
      tags,
      summary: `The school's ${what}s in order, with member counts (parent_id '0' = root).`,
      reply: s.zGroupList,
    }),
    add: defineCall({
      method: 'POST',
      path: `${prefix}/add`,
      access,
      tags,
      summary:
        `Adds a ${what} last under parent_id ('0' = root); 409 when a sibling has the name, ` +
        '404 for an unknown parent.',
      body: s.zNewGroup,
      reply: s.zAddedGroup,
    }),
    rename: defineCall({
      method: 'POST',
      path: `${prefix}/rename`,
      access,
      tags,
      summary: `Renames a ${what}; 409 when a sibling has the name.`,
      body: s.zRenameGroup,
      reply: s.zGroupList,
    }),
    move: defineCall({
      method: 'POST',
      path: `${prefix}/move`,
      access,
      tags,
      summary:
        `Moves a ${what} under parent_id at position among its siblings (0 = first); 400 when the parent is the ` +
        'group itself or one of its sub-groups.',
      body: s.zMoveGroup,
      reply: s.zGroupList,
    }),
    remove: defineCall({
      method: 'POST',
      path: `${prefix}/delete`,
      access,
      tags,
      summary: deleteSummary,
      body: s.zDeleteGroup,
      reply: s.zGroupList,
    }),
  };
}

export const groupCalls: Record<s.GroupKind, ReturnType<typeof treeCalls>> = {
  student: treeCalls({
    prefix: 's/group',
    tag: 'student groups (back office)',
    read: ['student', 'course', 'exam'],
    write: 'student',
    what: 'student group',
    deleteSummary:
      'Deletes a student group (members leave it); 409 while it has sub-groups or while courses, plans or exams ' +
      'are restricted to it (data names the counts).',
  }),
  admin: treeCalls({
    prefix: 'a/group',
    tag: 'admin groups (back office)',
    read: ['admin'],
    write: 'admin',
    what: 'admin group',
    deleteSummary: 'Deletes an admin group (its sub-admins are left without a group); 409 while it has sub-groups.',
  }),
};
