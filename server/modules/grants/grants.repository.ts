/**
 * The grant tables (course_grants, grant_audit) and what the grant calls read around them: the students and
 * groups named, the holders of a course or column, a student's holdings. Lists are one SQL union each.
 */
import { sqlRows, type Db, first, affected } from '../../db/client';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { columns, courseGrants, grantAudit, students } from '../../db/schema';
import type { GrantKind } from '../../../shared/schemas/grants';
import { LIKE, jsonElements } from '../../db/sql-dialect';

export type GrantRow = typeof courseGrants.$inferSelect;
export type NewGrantRow = typeof courseGrants.$inferInsert;
export type AuditInsert = typeof grantAudit.$inferInsert;

/** A column as a grant reads it. */
export async function findColumnHead(db: Db, id: string) {
  return first(
    await db
      .select({
        id: columns.id,
        schoolId: columns.schoolId,
        title: columns.title,
        published: columns.published,
        deleted: columns.deleted,
      })
      .from(columns)
      .where(eq(columns.id, id)),
  );
}

/** The students of the school with these user names (exact), in chunks SQLite accepts. */
export async function studentsByUsername(db: Db, schoolId: string, names: readonly string[]) {
  const found: { id: string; username: string }[] = [];
  for (let i = 0; i < names.length; i += 500) {
    const chunk = names.slice(i, i + 500);
    found.push(
      ...(await db
        .select({ id: students.id, username: students.username })
        .from(students)
        .where(and(eq(students.schoolId, schoolId), inArray(students.username, chunk)))),
    );
  }
  return found;
}

const itemColumn = (kind: GrantKind) => (kind === 'course' ? courseGrants.courseId : courseGrants.columnId);

/** The grants not revoked of the item to these students and groups. */
export async function activeGrantsOf(
  db: Db,
  kind: GrantKind,
  itemId: string,
  sids: readonly string[],
  gids: readonly string[],
): Promise<GrantRow[]> {
  const targets: SQL[] = [];
  if (sids.length > 0) targets.push(inArray(courseGrants.studentId, [...sids]));
  if (gids.length > 0) targets.push(inArray(courseGrants.groupId, [...gids]));
  if (targets.length === 0) return [];
  return await db
    .select()
    .from(courseGrants)
    .where(and(eq(itemColumn(kind), itemId), isNull(courseGrants.revokedAt), or(...targets)));
}

export async function findGrant(db: Db, id: string): Promise<GrantRow | undefined> {
  return first(await db.select().from(courseGrants).where(eq(courseGrants.id, id)));
}

export async function insertGrants(db: Db, rows: NewGrantRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insert(courseGrants).values(rows.slice(i, i + 200));
}

export async function setGrantEnd(db: Db, id: string, expiresAt: number | null): Promise<void> {
  await db.update(courseGrants).set({ expiresAt }).where(eq(courseGrants.id, id));
}

/** Revokes the grant unless it is revoked already; true when it changed. */
export async function revokeGrant(db: Db, id: string, by: string, at: number): Promise<boolean> {
  return (
    affected(
      await db
        .update(courseGrants)
        .set({ revokedAt: at, revokedBy: by })
        .where(and(eq(courseGrants.id, id), isNull(courseGrants.revokedAt))),
    ) > 0
  );
}

export async function insertAudit(db: Db, rows: AuditInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insert(grantAudit).values(rows.slice(i, i + 200));
}

/** One way one student holds a course, as the lists read it. */
export interface HolderRow {
  sid: string;
  username: string;
  name: string;
  way: string;
  grantId: string | null;
  grantedBy: string | null;
  groupId: string | null;
  groupName: string | null;
  columnTitle: string | null;
  planTitle: string | null;
  courseId: string;
  title: string;
  since: number;
  until: number | null;
}

/**
 * Every way students hold things, as one row each: enrolments (their source), grant rows to a student ('grant'
 * for an administrator's, else how it was obtained: 'key', 'code', 'order'), grants to a group ('group', one row
 * per member) and, per course, memberships ('member', a plan's courses). Per course (`perCourse`): a column's grant once per course
 * of the column, with the enrolments; else the grants as given (a column's once). `where` filters the rows
 * (columns h.*, s.* the student, c.* the course).
 */
function holdingsSql(where: SQL, perCourse: boolean): SQL {
  const granted = perCourse
    ? sql`SELECT cg.*, coalesce(cg.course_id, cc.course_id) AS held_course
        FROM course_grants cg LEFT JOIN column_courses cc ON cc.column_id = cg.column_id
        WHERE cg.revoked_at IS NULL AND coalesce(cg.course_id, cc.course_id) IS NOT NULL`
    : sql`SELECT cg.*, cg.course_id AS held_course FROM course_grants cg WHERE cg.revoked_at IS NULL`;
  // Per course, enrolments and memberships too: a plan gives every course of its categories' subtrees.
  const enrolled = perCourse
    ? sql`UNION ALL SELECT e.student_id, e.source, NULL, NULL, NULL, NULL, e.course_id, e.created_at, NULL, NULL
          FROM enrolments e
        UNION ALL SELECT ms.student_id, 'member', NULL, NULL, NULL, NULL, mc.id, ms.since, ms.until, mp.title
          FROM memberships ms
          JOIN member_plans mp ON mp.id = ms.plan_id AND mp.deleted = 0
          CROSS JOIN ${jsonElements(sql.raw('mp.category_ids'), 'pc')}
          JOIN categories top ON top.id = pc.value AND top.school_id = mp.school_id
          JOIN categories sub ON sub.school_id = top.school_id AND sub.kind = top.kind
            AND sub.lft >= top.lft AND sub.rgt <= top.rgt
          JOIN courses mc ON mc.catid = sub.id AND mc.school_id = mp.school_id
          WHERE ms.revoked_at IS NULL`
    : sql``;
  return sql`
    WITH g AS (${granted}), h AS (
      SELECT g.student_id AS sid, CASE g.via WHEN 'admin' THEN 'grant' ELSE g.via END AS way, g.id AS grant_id,
          g.granted_by AS granted_by, NULL AS group_id, g.column_id AS column_id, g.held_course AS course_id,
          g.created_at AS since, g.expires_at AS until, NULL AS plan_title
        FROM g WHERE g.student_id IS NOT NULL
      UNION ALL
      SELECT m.student_id, 'group', g.id, g.granted_by, g.group_id, g.column_id, g.held_course, g.created_at,
          g.expires_at, NULL
        FROM g JOIN student_group_members m ON m.group_id = g.group_id
      ${enrolled}
    )
    SELECT h.sid AS sid, s.username AS username, s.name AS name, h.way AS way, h.grant_id AS "grantId",
      a.name AS "grantedBy", h.group_id AS "groupId", sg.name AS "groupName", col.title AS "columnTitle",
      h.course_id AS "courseId", coalesce(c.title, col.title, '') AS title, h.since AS since, h.until AS until,
      h.plan_title AS "planTitle"
    FROM h
      JOIN students s ON s.id = h.sid
      LEFT JOIN courses c ON c.id = h.course_id
      LEFT JOIN admins a ON a.id = h.granted_by
      LEFT JOIN student_groups sg ON sg.id = h.group_id
      LEFT JOIN columns col ON col.id = h.column_id
    WHERE ${where}`;
}

/** The holders of a course (every way) or of a column (its grants, one row per student), paged. */
export async function holders(
  db: Db,
  query: { schoolId: string; kind: GrantKind; itemId: string; keyword: string; limit: number; offset: number },
): Promise<{ rows: HolderRow[]; total: number }> {
  const like = `%${query.keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const search = query.keyword
    ? sql`(s.username ${LIKE} ${like} ESCAPE '\\' OR s.name ${LIKE} ${like} ESCAPE '\\')`
    : sql`1 = 1`;
  const item = query.kind === 'course' ? sql`h.course_id = ${query.itemId}` : sql`h.column_id = ${query.itemId}`;
  const base = holdingsSql(sql`s.school_id = ${query.schoolId} AND ${item} AND ${search}`, query.kind === 'course');
  const total = (await sqlRows<{ n: number }>(db, sql`SELECT count(*) AS n FROM (${base}) AS counted`))[0]?.n ?? 0;
  const rows = await sqlRows<HolderRow>(
    db,
    sql`${base} ORDER BY since DESC, username, way LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  return { rows, total };
}

/** Every way a student holds a course (enrolments, grants to them, to their groups, of columns). */
export async function studentHoldings(db: Db, studentId: string): Promise<HolderRow[]> {
  return await sqlRows<HolderRow>(
    db,
    sql`${holdingsSql(sql`h.sid = ${studentId} AND c.deleted = 0`, true)}
    ORDER BY since DESC, title`,
  );
}

export interface AuditRow {
  id: string;
  grantId: string;
  action: 'grant' | 'change' | 'revoke';
  actorId: string;
  actorName: string | null;
  at: number;
  courseId: string | null;
  columnId: string | null;
  title: string | null;
  studentId: string | null;
  studentName: string | null;
  groupId: string | null;
  groupName: string | null;
  before: string | null;
  after: string | null;
}

/** The audit rows of the school about a course, column or student (a student's: to them or a group of theirs). */
export async function auditRows(
  db: Db,
  query: { schoolId: string; courseId?: string; columnId?: string; studentId?: string; limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const filters: SQL[] = [eq(grantAudit.schoolId, query.schoolId)];
  if (query.courseId) filters.push(eq(grantAudit.courseId, query.courseId));
  if (query.columnId) filters.push(eq(grantAudit.columnId, query.columnId));
  if (query.studentId)
    filters.push(
      or(
        eq(grantAudit.studentId, query.studentId),
        sql`${grantAudit.groupId} IN
          (SELECT group_id FROM student_group_members WHERE student_id = ${query.studentId})`,
      )!,
    );
  const where = and(...filters);
  const total = first(await db.select({ n: count() }).from(grantAudit).where(where))?.n ?? 0;
  const rows = await db
    .select({
      id: grantAudit.id,
      grantId: grantAudit.grantId,
      action: grantAudit.action,
      actorId: grantAudit.actorId,
      actorName: sql<string | null>`(SELECT name FROM admins WHERE id = ${grantAudit.actorId})`,
      at: grantAudit.at,
      courseId: grantAudit.courseId,
      columnId: grantAudit.columnId,
      title: sql<string | null>`coalesce((SELECT title FROM courses WHERE id = ${grantAudit.courseId}),
        (SELECT title FROM columns WHERE id = ${grantAudit.columnId}))`,
      studentId: grantAudit.studentId,
      studentName: sql<string | null>`(SELECT name FROM students WHERE id = ${grantAudit.studentId})`,
      groupId: grantAudit.groupId,
      groupName: sql<string | null>`(SELECT name FROM student_groups WHERE id = ${grantAudit.groupId})`,
      before: grantAudit.before,
      after: grantAudit.after,
    })
    .from(grantAudit)
    .where(where)
    .orderBy(desc(grantAudit.at), desc(grantAudit.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total };
}
