/** The public live sessions of a school: sessions of its published public live courses (type 2) live or to come. */
import { and, asc, count, eq, gte, ne, or, sql } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { courses, liveSessions } from '../../db/schema';

/** Course type 2: public live (spec 3 'Course'). */
export const PUBLIC_LIVE_TYPE = 2;

const open = (schoolId: string, now: number) =>
  and(
    eq(liveSessions.schoolId, schoolId),
    eq(liveSessions.deleted, false),
    or(eq(liveSessions.status, 'live'), and(ne(liveSessions.status, 'ended'), gte(liveSessions.endAt, now))),
    eq(courses.type, PUBLIC_LIVE_TYPE),
    eq(courses.published, true),
    eq(courses.deleted, false),
    eq(courses.isPrivate, false),
  );

/** One page of them, live first, then by start; with how many there are in all. */
export async function publicLiveSessions(db: Db, schoolId: string, now: number, limit: number, offset: number) {
  const where = open(schoolId, now);
  const rows = await db
    .select({
      coid: courses.id,
      title: courses.title,
      cover: courses.img,
      sessionId: liveSessions.id,
      sessionTitle: liveSessions.title,
      startAt: liveSessions.startAt,
      endAt: liveSessions.endAt,
      status: liveSessions.status,
    })
    .from(liveSessions)
    .innerJoin(courses, eq(courses.id, liveSessions.courseId))
    .where(where)
    .orderBy(sql`case when ${liveSessions.status} = 'live' then 0 else 1 end`, asc(liveSessions.startAt))
    .limit(limit)
    .offset(offset);
  const total =
    first(
      await db
        .select({ n: count() })
        .from(liveSessions)
        .innerJoin(courses, eq(courses.id, liveSessions.courseId))
        .where(where),
    )?.n ?? 0;
  return { rows, total };
}
