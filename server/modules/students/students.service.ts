/**
 * The back office's student list and records of people (spec 7 Students: student/list, add, item, delete,
 * search, sids, sfids). Every read and write is by the
 * administrator's school: another school's sid answers 404 (one student) or is left out (a list of sids).
 * Every create, change and disable goes through student-writes.ts inside one transaction with the seat check.
 *
 * Choices where the spec is silent:
 * - 'Delete' disables: the account cannot sign in and its sessions end, but the student and every learning
 *   record, exam sitting and certificate stay (the platform keeps learning records; an organisation audits
 *   them later). student/enable undoes it and counts a seat again.
 * - The user name is the login and cannot be changed by edit; it is unique within the school.
 * - Custom field values follow the one rule of stu/info and registration (fieldValueIssues): on add every
 *   required field must have a value; on edit only the fields named in infoStr change ('' clears an optional
 *   one) and, when infoStr is sent, every required field must have a value once they are laid over the
 *   student's current values. An edit without infoStr is not held up by a field made required later.
 * - An administrator may set a new password (a reset) for a local account, never for a directory ('ldap')
 *   account: its password lives in the directory. A reset ends the student's sessions (a stolen session does
 *   not outlive it).
 * - The list is newest first; keyword matches the user name, name, e-mail or phone (contains).
 */
import {
  STUDENT_ERRORS,
  STUDENT_LIST_ERRORS,
  STUDENT_SEARCH_MAX,
  type AdminStudent,
  type StudentFilter,
  type zNewStudent,
  type zUpdateStudent,
  type zStudentListQuery,
} from '../../../shared/schemas/students';
import type * as z from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badInput, conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { endUserSessions } from '../auth/sessions.repository';
import { schoolGroupIds } from '../groups/groups.repository';
import { assertSeats } from '../licence/seats';
import { checkedFieldValues, schoolFields } from '../student-fields/student-fields.service';
import {
  disableStudents,
  enableStudents,
  insertStudents,
  replaceGroups,
  setFieldValues,
  studentsByUsername,
  updateStudent,
  type StudentPatch,
  type StudentRow,
} from './student-writes';
import * as repo from './students.repository';

/** The list rows of these students: one query for their groups and one for their field values. */
export async function presentStudents(db: Db, rows: readonly StudentRow[]): Promise<AdminStudent[]> {
  const ids = rows.map((row) => row.id);
  const groups = await repo.groupsOfStudents(db, ids);
  const values = await repo.fieldValuesOfStudents(db, ids);
  return rows.map((row) => ({
    sid: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    phone: row.phone,
    source: row.source,
    disabled: row.disabled,
    disabledBy: row.disabledBy ?? null,
    groups: groups.get(row.id) ?? [],
    fields: values.get(row.id) ?? {},
    createTime: row.createdAt,
    lastLoginTime: row.lastLoginAt ?? null,
  }));
}

/** GET student/list. */
export async function listStudentsPage(ctx: AppContext, schoolId: string, query: z.output<typeof zStudentListQuery>) {
  const { page, num, ...filter } = query;
  const { total, rows } = await repo.listStudents(ctx.db, schoolId, filter, num, (page - 1) * num);
  return { total, list: await presentStudents(ctx.db, rows) };
}

/** The filtered list without paging (student/download). */
export async function filteredStudents(
  ctx: AppContext,
  schoolId: string,
  filter: StudentFilter,
  max: number,
): Promise<StudentRow[]> {
  return (await repo.listStudents(ctx.db, schoolId, filter, max, 0)).rows;
}

/** GET student/item: one student of the school, or 404. */
export async function getStudent(ctx: AppContext, schoolId: string, sid: string): Promise<AdminStudent> {
  const row = await repo.schoolStudent(ctx.db, schoolId, sid);
  if (!row) throw notFound();
  return (await presentStudents(ctx.db, [row]))[0]!;
}

/** 400 unless every group is the school's. */
async function checkGroups(db: Db, schoolId: string, gids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(gids)];
  const found = new Set(await schoolGroupIds(db, schoolId, unique));
  const missing = unique.filter((gid) => !found.has(gid));
  if (missing.length > 0) throw badInput(STUDENT_LIST_ERRORS.unknownGroup, { field: 'gids', gids: missing });
  return unique;
}

/** POST student/add: a local account with groups and field values; 409 for a taken user name, 403 when seats are full. */
export async function addStudent(
  ctx: AppContext,
  schoolId: string,
  input: z.output<typeof zNewStudent>,
): Promise<AdminStudent> {
  const gids = await checkGroups(ctx.db, schoolId, input.gids);
  const fields = checkedFieldValues(await schoolFields(ctx.db, schoolId), input.infoStr ?? []);
  if ((await studentsByUsername(ctx.db, schoolId, [input.username])).size > 0)
    throw conflict(STUDENT_ERRORS.usernameTaken, { field: 'username' });
  const passwordHash = await hashPassword(input.password);
  const id = ctx.ids.next();
  await ctx.db.transaction(async (tx) => {
    // Again inside the transaction: the hash took a while and another request may have taken the name.
    if ((await studentsByUsername(tx, schoolId, [input.username])).size > 0)
      throw conflict(STUDENT_ERRORS.usernameTaken, { field: 'username' });
    await assertSeats(ctx, schoolId, 1, tx);
    await insertStudents(tx, [
      {
        id,
        schoolId,
        username: input.username,
        name: input.name,
        passwordHash,
        email: input.email ?? '',
        phone: input.phone ?? '',
        groupIds: gids,
        fields,
        createdAt: ctx.now(),
      },
    ]);
  });
  return await getStudent(ctx, schoolId, id);
}

/** POST student/item: changes a student's name, contact, password (local accounts), groups, field values or state. */
export async function editStudent(
  ctx: AppContext,
  schoolId: string,
  input: z.output<typeof zUpdateStudent>,
): Promise<AdminStudent> {
  const row = await repo.schoolStudent(ctx.db, schoolId, input.sid);
  if (!row) throw notFound();
  if (input.password !== undefined && row.source === 'ldap')
    throw badInput(STUDENT_ERRORS.ldapAccount, { field: 'password' });
  const gids = input.gids === undefined ? undefined : await checkGroups(ctx.db, schoolId, input.gids);
  const fields =
    input.infoStr === undefined
      ? undefined
      : checkedFieldValues(
          await schoolFields(ctx.db, schoolId),
          input.infoStr,
          await repo.fieldValuesOf(ctx.db, row.id),
        );
  const patch: StudentPatch = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.email !== undefined) patch.email = input.email;
  if (input.phone !== undefined) patch.phone = input.phone;
  if (input.password !== undefined) patch.passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await updateStudent(tx, row.id, patch, now);
    // A reset password ends the student's sessions, as the student's own change ends the other ones.
    if (patch.passwordHash) await endUserSessions(tx, 'student', [row.id], now);
    if (gids) await replaceGroups(tx, row.id, gids);
    if (fields) await setFieldValues(tx, row.id, fields);
    if (input.disabled === true && !row.disabled) await disableStudents(tx, [row.id], 'admin', now);
    if (input.disabled === false && row.disabled) {
      await assertSeats(ctx, schoolId, 1, tx);
      await enableStudents(tx, [row.id], now);
    }
  });
  return await getStudent(ctx, schoolId, row.id);
}

/**
 * POST student/delete: disables the school's students among sids (others are ignored). Nothing is deleted:
 * the platform keeps every learning record, so disabling is the only removal an administrator has.
 */
export async function disableSchoolStudents(
  ctx: AppContext,
  schoolId: string,
  sids: readonly string[],
): Promise<{ count: number }> {
  const ids = (await repo.schoolStudents(ctx.db, schoolId, sids)).map((row) => row.id);
  if (ids.length === 0) return { count: 0 };
  const count = await ctx.db.transaction(async (tx) => await disableStudents(tx, ids, 'admin', ctx.now()));
  return { count };
}

/** POST student/enable: enables the school's disabled students among sids, each counting a seat again (403 when full: none enabled). */
export async function enableSchoolStudents(
  ctx: AppContext,
  schoolId: string,
  sids: readonly string[],
): Promise<{ count: number }> {
  const ids = (await repo.schoolStudents(ctx.db, schoolId, sids)).filter((row) => row.disabled).map((row) => row.id);
  if (ids.length === 0) return { count: 0 };
  const count = await ctx.db.transaction(async (tx) => {
    await assertSeats(ctx, schoolId, ids.length, tx);
    return await enableStudents(tx, ids, ctx.now());
  });
  return { count };
}

/** GET student/search: up to 20 students for pickers. */
export async function searchSchoolStudents(ctx: AppContext, schoolId: string, keyword: string) {
  return { list: await repo.searchStudents(ctx.db, schoolId, keyword, STUDENT_SEARCH_MAX) };
}

/** POST student/sids: the members of these groups (the school's groups only; others add nobody). */
export async function sidsOfGroups(ctx: AppContext, schoolId: string, gids: readonly string[]) {
  const own = await schoolGroupIds(ctx.db, schoolId, gids);
  return { sids: own.length === 0 ? [] : await repo.memberIdsOfGroups(ctx.db, schoolId, own) };
}

/** POST student/sfids: the custom field values of the school's students among sids. */
export async function fieldValuesOf(
  ctx: AppContext,
  schoolId: string,
  sids: readonly string[],
): Promise<Record<string, Record<string, string>>> {
  const ids = (await repo.schoolStudents(ctx.db, schoolId, sids)).map((row) => row.id);
  const values = await repo.fieldValuesOfStudents(ctx.db, ids);
  return Object.fromEntries(ids.map((id) => [id, values.get(id) ?? {}]));
}
