/**
 * Administrator grants (issue rule 'Ways to obtain a course or column: administrator grants'): what may be
 * granted to whom, until when, and the audit trail of every change. What a grant gives a student (holding,
 * validity) is the access policy's (server/modules/access): this module only writes and lists grants.
 *
 * Rules chosen here:
 * - a course must be published and not deleted, a column too; another school's course or column is 404, a
 *   sub-admin's course outside their categories too (the course back office's rule);
 * - the students and groups named must be the school's (400, as study-plan assignment answers);
 * - an end date is a day (its last instant, server time) not before today; none keeps the course's validity;
 * - granting what a target already holds by a grant not revoked changes that grant's end date (audited as a
 *   change) or nothing; revoking keeps every learning record, and revoking a revoked grant changes nothing.
 */
import type { z } from 'zod';
import { dateToMs } from '../../../shared/rules/course-status';
import {
  GRANT_ERRORS,
  type GrantKind,
  type GrantResult,
  type Holder,
  type HoldingWay,
  type StudentHolding,
  type zGrantAuditQuery,
  type zHoldersQuery,
} from '../../../shared/schemas/grants';
import type { AppContext } from '../../context';
import { AppError, badInput, conflict, notFound } from '../../lib/errors';
import { badField } from '../../lib/catalogue-http';
import { validityFor } from '../access/policy';
import { courseGranted } from '../notices/events';
import { memberIdsOfGroups, schoolStudentIds } from '../students/students.repository';
import { managedCourse } from '../courses/courses.service';
import { findCourses } from '../courses/courses.repository';
import { schoolGroupIds } from '../groups/groups.repository';
import * as repo from './grants.repository';

/** The administrator acting (route()'s admin). */
export interface Actor {
  userId: string;
  schoolId: string;
}

interface Item {
  kind: GrantKind;
  id: string;
  schoolId: string;
  title: string;
  published: boolean;
}

/** The course or column the administrator may grant and list, or 404. */
async function itemOf(ctx: AppContext, actor: Actor, kind: GrantKind, id: string): Promise<Item> {
  if (kind === 'course') {
    const course = await managedCourse(ctx, actor.userId, id);
    if (course.schoolId !== actor.schoolId) throw notFound();
    return { kind, id: course.id, schoolId: course.schoolId, title: course.title, published: course.published };
  }
  const column = await repo.findColumnHead(ctx.db, id);
  if (!column || column.deleted || column.schoolId !== actor.schoolId) throw notFound('column not found');
  return { kind, id: column.id, schoolId: column.schoolId, title: column.title, published: column.published };
}

/** The end date's last instant, or null; 400 when it is over. */
function endOf(ctx: AppContext, until: string | null): number | null {
  if (until === null) return null;
  const end = dateToMs(until, 'end');
  if (end === null) throw badField('until', 'must be a date yyyy-MM-dd');
  if (end < ctx.now()) throw new AppError(400, GRANT_ERRORS.pastEnd, { field: 'until' });
  return end;
}

const stateOf = (row: { expiresAt: number | null; revokedAt: number | null }) =>
  JSON.stringify({ until: row.expiresAt, revoked_at: row.revokedAt });

/** Grants the item to the students and groups (already checked to be the school's), in one transaction. */
async function grantTo(
  ctx: AppContext,
  actor: Actor,
  item: Item,
  targets: { sids: string[]; gids: string[] },
  expiresAt: number | null,
): Promise<Omit<GrantResult, 'notFound'>> {
  if (!item.published) throw conflict(GRANT_ERRORS.notPublished);
  const now = ctx.now();
  const what = item.kind === 'course' ? { courseId: item.id } : { columnId: item.id };
  return await ctx.db.transaction(async (tx) => {
    const existing = new Map<string, repo.GrantRow>();
    for (const row of await repo.activeGrantsOf(tx, item.kind, item.id, targets.sids, targets.gids))
      existing.set(row.studentId ? `s${row.studentId}` : `g${row.groupId}`, row);
    const result = { granted: 0, changed: 0, unchanged: 0 };
    const inserts: repo.NewGrantRow[] = [];
    const audits: repo.AuditInsert[] = [];
    const audit = (grant: repo.GrantRow | repo.NewGrantRow, action: 'grant' | 'change', before: string | null) =>
      audits.push({
        id: ctx.ids.next(),
        schoolId: item.schoolId,
        grantId: grant.id,
        action,
        actorId: actor.userId,
        courseId: grant.courseId ?? null,
        columnId: grant.columnId ?? null,
        studentId: grant.studentId ?? null,
        groupId: grant.groupId ?? null,
        before,
        after: stateOf({ expiresAt, revokedAt: null }),
        at: now,
      });
    const each = async (key: string, target: { studentId: string } | { groupId: string }) => {
      const held = existing.get(key);
      if (held && held.expiresAt === expiresAt) {
        result.unchanged++;
      } else if (held) {
        await repo.setGrantEnd(tx, held.id, expiresAt);
        audit(held, 'change', stateOf(held));
        result.changed++;
      } else {
        const row = { id: ctx.ids.next(), schoolId: item.schoolId, ...what, ...target, expiresAt, createdAt: now };
        inserts.push({ ...row, grantedBy: actor.userId });
        audit(row, 'grant', null);
        result.granted++;
      }
    };
    for (const sid of targets.sids) await each(`s${sid}`, { studentId: sid });
    for (const gid of targets.gids) await each(`g${gid}`, { groupId: gid });
    await repo.insertGrants(tx, inserts);
    await repo.insertAudit(tx, audits);
    // Issue 16: each student given the item now (named, or a present member of a group granted) is told so.
    const told = new Set(inserts.flatMap((row) => (row.studentId ? [row.studentId] : [])));
    const groups = inserts.flatMap((row) => (row.groupId ? [row.groupId] : []));
    if (groups.length > 0) for (const sid of await memberIdsOfGroups(tx, item.schoolId, groups)) told.add(sid);
    for (const studentId of told) {
      await courseGranted({ tx, ctx, at: now }, { schoolId: item.schoolId, studentId }, item);
    }
    return result;
  });
}

/** POST grant/add. */
export async function addGrant(
  ctx: AppContext,
  actor: Actor,
  input: { kind: GrantKind; id: string; sids: string[]; gids: string[]; until: string | null },
): Promise<GrantResult> {
  const item = await itemOf(ctx, actor, input.kind, input.id);
  const sids = [...new Set(input.sids)];
  const gids = [...new Set(input.gids)];
  if ((await schoolStudentIds(ctx.db, actor.schoolId, sids)).length !== sids.length)
    throw badField('sids', 'must name students of this school');
  if ((await schoolGroupIds(ctx.db, actor.schoolId, gids)).length !== gids.length)
    throw badField('gids', 'must name groups of this school');
  const expiresAt = endOf(ctx, input.until);
  return { ...(await grantTo(ctx, actor, item, { sids, gids }, expiresAt)), notFound: [] };
}

/** POST grant/upload: the user names of a file's column headed 用户名 / username, else of its first column. */
export async function grantToNames(
  ctx: AppContext,
  actor: Actor,
  input: { kind: GrantKind; id: string; until: string | null },
  names: string[],
): Promise<GrantResult> {
  const item = await itemOf(ctx, actor, input.kind, input.id);
  const expiresAt = endOf(ctx, input.until);
  const wanted = [...new Set(names.map((name) => name.trim()).filter(Boolean))];
  if (wanted.length === 0) throw badInput(GRANT_ERRORS.noNames);
  const found = await repo.studentsByUsername(ctx.db, actor.schoolId, wanted);
  const known = new Set(found.map((row) => row.username));
  const notFound = wanted.filter((name) => !known.has(name));
  if (found.length === 0) {
    if (!item.published) throw conflict(GRANT_ERRORS.notPublished);
    return { granted: 0, changed: 0, unchanged: 0, notFound };
  }
  const sids = found.map((row) => row.id);
  return { ...(await grantTo(ctx, actor, item, { sids, gids: [] }, expiresAt)), notFound };
}

/** POST grant/revoke: 404 for a grant of another school or of a course the administrator does not manage. */
export async function revoke(ctx: AppContext, actor: Actor, id: string): Promise<{ id: string; revoked: boolean }> {
  const grant = await repo.findGrant(ctx.db, id);
  if (!grant || grant.schoolId !== actor.schoolId) throw notFound('grant not found');
  if (grant.courseId) await managedCourse(ctx, actor.userId, grant.courseId);
  const now = ctx.now();
  const revoked = await ctx.db.transaction(async (tx) => {
    if (!(await repo.revokeGrant(tx, grant.id, actor.userId, now))) return false;
    await repo.insertAudit(tx, [
      {
        id: ctx.ids.next(),
        schoolId: grant.schoolId,
        grantId: grant.id,
        action: 'revoke',
        actorId: actor.userId,
        courseId: grant.courseId,
        columnId: grant.columnId,
        studentId: grant.studentId,
        groupId: grant.groupId,
        before: stateOf(grant),
        after: stateOf({ expiresAt: grant.expiresAt, revokedAt: now }),
        at: now,
      },
    ]);
    return true;
  });
  return { id: grant.id, revoked };
}

const holderOf = (row: repo.HolderRow): Holder => ({
  sid: row.sid,
  username: row.username,
  name: row.name,
  way: row.way as HoldingWay,
  grant_id: row.grantId,
  granted_by: row.grantedBy,
  group_id: row.groupId,
  group_name: row.groupName,
  column_title: row.columnTitle,
  plan_title: row.planTitle,
  since: row.since,
  until: row.until,
});

/** GET grant/holders. */
export async function listHolders(ctx: AppContext, actor: Actor, query: z.output<typeof zHoldersQuery>) {
  const item = await itemOf(ctx, actor, query.kind, query.id);
  const { rows, total } = await repo.holders(ctx.db, {
    schoolId: actor.schoolId,
    kind: item.kind,
    itemId: item.id,
    keyword: query.keyword,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  return { total, list: rows.map(holderOf) };
}

/** GET grant/student: every way the student holds a course, with the status that way gives now. */
export async function studentHoldings(ctx: AppContext, actor: Actor, sid: string): Promise<{ list: StudentHolding[] }> {
  if ((await schoolStudentIds(ctx.db, actor.schoolId, [sid])).length === 0) throw notFound('student not found');
  const rows = await repo.studentHoldings(ctx.db, sid);
  const courses = new Map(
    (await findCourses(ctx.db, [...new Set(rows.map((row) => row.courseId))])).map((c) => [c.id, c]),
  );
  const now = ctx.now();
  const list = rows.flatMap((row) => {
    const course = courses.get(row.courseId);
    if (!course || course.schoolId !== actor.schoolId) return [];
    const way = { source: 'admin' as const, since: row.since, until: row.until, required: false, others: [] };
    const status = validityFor(course, way, now);
    const { sid: _sid, username: _username, name: _name, ...held } = holderOf(row);
    return [{ ...held, coid: row.courseId, title: row.title, status: status.status, limitedDate: status.limitedDate }];
  });
  return { list };
}

/** GET grant/audit: by course, column or student (400 without one); another school's names nothing found. */
export async function auditTrail(ctx: AppContext, actor: Actor, query: z.output<typeof zGrantAuditQuery>) {
  if (!query.coid && !query.column_id && !query.sid)
    throw badField('coid', 'name a course, column or student', 'query');
  const parse = (text: string | null) => (text ? JSON.parse(text) : null);
  const { rows, total } = await repo.auditRows(ctx.db, {
    schoolId: actor.schoolId,
    courseId: query.coid,
    columnId: query.column_id,
    studentId: query.sid,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  return {
    total,
    list: rows.map((row) => ({
      id: row.id,
      grant_id: row.grantId,
      action: row.action,
      actor_id: row.actorId,
      actor_name: row.actorName,
      at: row.at,
      coid: row.courseId,
      column_id: row.columnId,
      title: row.title,
      sid: row.studentId,
      student_name: row.studentName,
      group_id: row.groupId,
      group_name: row.groupName,
      before: parse(row.before),
      after: parse(row.after),
    })),
  };
}
