import { GROUP_ERRORS, type Group, type GroupKind, type GroupList } from '../../../shared/schemas/groups';
import { moveProblem, placeAmong } from '../../../shared/rules/group-tree';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badInput, conflict, notFound } from '../../lib/errors';
import * as repo from './groups.repository';

/*
 * Group trees of a school (spec 7 'groups s/group and a/group (add, list, rename, move, delete)'; spec 6: the
 * main admin manages groups; 'Groups: courses restrict by authentication_gid versus the user's gid list').
 * One service for both trees: kind 'student' (student_groups, s/group) and 'admin' (admin_groups, a/group).
 *
 * Choices where the spec is silent:
 * - Names are trimmed, 1..50 characters, unique among siblings (two "一班" under different grades are fine).
 * - A new group goes last among its siblings; move takes the new parent and a 0-based position among the new
 *   siblings (past the end = last) and renumbers both the old and the new siblings 0, 1, 2 ...
 * - Deleting a group that has sub-groups is refused (409) rather than deleting a whole branch by surprise.
 * - Deleting a student group: its members simply leave it. It is refused (409, naming the counts) while a
 *   live course is restricted to it (authentication_gid), a study plan is assigned to it or an exam's audience
 *   names it: removing it silently would lock students out of a course or drop their required plans. The
 *   administrator changes those first. Deleting an admin group leaves its sub-admins without a group.
 */

const nullableParent = (parentId: string) => (parentId === '0' ? null : parentId);

/** The school's groups of a kind with their member counts (the s/group/list and a/group/list reply). */
export async function groupList(ctx: AppContext, kind: GroupKind, schoolId: string): Promise<GroupList> {
  const members = await repo.memberCounts(ctx.db, kind, schoolId);
  const groups: Group[] = (await repo.listGroups(ctx.db, schoolId, kind)).map((g) => ({
    gid: g.id,
    name: g.name,
    parent_id: g.parentId ?? '0',
    position: g.position,
    members: members.get(g.id) ?? 0,
  }));
  return { groups };
}

async function mustFind(db: Db, kind: GroupKind, schoolId: string, gid: string) {
  const group = await repo.findGroup(db, kind, schoolId, gid);
  if (!group) throw notFound();
  return group;
}

async function assertNameFree(
  db: Db,
  kind: GroupKind,
  schoolId: string,
  parentId: string | null,
  name: string,
  except?: string,
) {
  const taken = (await repo.childGroups(db, kind, schoolId, parentId)).some((g) => g.name === name && g.id !== except);
  if (taken) throw conflict(GROUP_ERRORS.nameTaken, { field: 'name' });
}

/** POST s/group/add: a group at the end of its parent's sub-groups. */
export async function addGroup(
  ctx: AppContext,
  kind: GroupKind,
  schoolId: string,
  input: { name: string; parent_id: string },
): Promise<GroupList & { gid: string }> {
  const parentId = nullableParent(input.parent_id);
  const gid = ctx.ids.next();
  await ctx.db.transaction(async (tx) => {
    if (parentId !== null && !(await repo.findGroup(tx, kind, schoolId, parentId))) throw notFound();
    const siblings = await repo.childGroups(tx, kind, schoolId, parentId);
    if (siblings.some((g) => g.name === input.name)) throw conflict(GROUP_ERRORS.nameTaken, { field: 'name' });
    const position = siblings.reduce((max, g) => Math.max(max, g.position + 1), 0);
    await repo.insertGroupRow(tx, kind, {
      id: gid,
      schoolId,
      parentId,
      name: input.name,
      position,
      createdAt: ctx.now(),
    });
  });
  return { ...(await groupList(ctx, kind, schoolId)), gid };
}

/** POST s/group/rename. */
export async function renameGroup(
  ctx: AppContext,
  kind: GroupKind,
  schoolId: string,
  gid: string,
  name: string,
): Promise<GroupList> {
  await ctx.db.transaction(async (tx) => {
    const group = await mustFind(tx, kind, schoolId, gid);
    await assertNameFree(tx, kind, schoolId, group.parentId, name, gid);
    await repo.updateGroup(tx, kind, gid, { name });
  });
  return await groupList(ctx, kind, schoolId);
}

/** POST s/group/move: under a new parent (or the same one) at a position among the siblings; never into its own branch. */
export async function moveGroup(
  ctx: AppContext,
  kind: GroupKind,
  schoolId: string,
  input: { gid: string; parent_id: string; position: number },
): Promise<GroupList> {
  const parentId = nullableParent(input.parent_id);
  await ctx.db.transaction(async (tx) => {
    const group = await mustFind(tx, kind, schoolId, input.gid);
    if (parentId !== null) await mustFind(tx, kind, schoolId, parentId);
    const all = await repo.listGroups(tx, schoolId, kind);
    if (moveProblem(all, group.id, parentId)) throw badInput(GROUP_ERRORS.cycle, { field: 'parent_id' });
    if (group.parentId !== parentId) {
      await assertNameFree(tx, kind, schoolId, parentId, group.name, group.id);
      const oldSiblings = (await repo.childGroups(tx, kind, schoolId, group.parentId)).filter((g) => g.id !== group.id);
      await repo.setOrder(
        tx,
        kind,
        group.parentId,
        oldSiblings.map((g) => g.id),
      );
    }
    const siblings = (await repo.childGroups(tx, kind, schoolId, parentId)).map((g) => g.id);
    await repo.setOrder(tx, kind, parentId, placeAmong(siblings, group.id, input.position));
  });
  return await groupList(ctx, kind, schoolId);
}

/** POST s/group/delete: refused while it has sub-groups or (student groups) while courses, plans or exams use it. */
export async function deleteGroup(ctx: AppContext, kind: GroupKind, schoolId: string, gid: string): Promise<GroupList> {
  await ctx.db.transaction(async (tx) => {
    const group = await mustFind(tx, kind, schoolId, gid);
    const children = (await repo.childGroups(tx, kind, schoolId, group.id)).length;
    if (children > 0) throw conflict(GROUP_ERRORS.hasChildren, { children });
    if (kind === 'student') {
      const uses = await repo.groupUses(tx, schoolId, gid);
      if (uses.courses + uses.plans + uses.exams > 0) throw conflict(GROUP_ERRORS.inUse, uses);
    }
    await repo.deleteGroupRow(tx, kind, gid);
    const rest = (await repo.childGroups(tx, kind, schoolId, group.parentId)).map((g) => g.id);
    await repo.setOrder(tx, kind, group.parentId, rest);
  });
  return await groupList(ctx, kind, schoolId);
}
