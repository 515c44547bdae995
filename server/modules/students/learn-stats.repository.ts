import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { learnRecords, watchRecords } from '../../db/schema';

/**
 * The school's study activity by month or by day (learn/moth, learn/day).
 *
 * Which tables: the platform keeps no per-day history of study time (learn_records holds each student's
 * running total per chapter, heartbeats only the last beat of each session). So:
 * - learners: distinct students with a watch record that day (watch_records: one per student, course and
 *   day a chapter is opened, day in the server's time zone) or with a learn record last credited that day;
 * - seconds: the study time of the learn records, counted in the period where the record was last credited
 *   (learn_records.updated_at). A chapter studied across two months counts in the later one: totals over a
 *   year are right, the split between months is an approximation until a per-day table exists.
 * Buckets are 'MM' (by month) or 'yyyy-MM-dd' (by day) in the server's time zone, like watch_records.day.
 */
export interface ActivityBucket {
  bucket: string;
  learners: number;
  seconds: number;
}

export function studyActivity(db: Db, schoolId: string, by: 'month' | 'day', fromMs: number, toMs: number, fromDay: string, toDay: string): ActivityBucket[] {
  const learnBucket = by === 'month' ? sql`strftime('%m', ${learnRecords.updatedAt} / 1000, 'unixepoch', 'localtime')` : sql`strftime('%Y-%m-%d', ${learnRecords.updatedAt} / 1000, 'unixepoch', 'localtime')`;
  const watchBucket = by === 'month' ? sql`substr(${watchRecords.day}, 6, 2)` : sql`${watchRecords.day}`;
  const learners = db.all<{ bucket: string; n: number }>(sql`
    select bucket, count(distinct sid) as n from (
      select ${watchBucket} as bucket, ${watchRecords.studentId} as sid from ${watchRecords}
        where ${watchRecords.schoolId} = ${schoolId} and ${watchRecords.studentId} is not null and ${watchRecords.day} >= ${fromDay} and ${watchRecords.day} < ${toDay}
      union
      select ${learnBucket} as bucket, ${learnRecords.studentId} as sid from ${learnRecords}
        where ${learnRecords.schoolId} = ${schoolId} and ${learnRecords.updatedAt} >= ${fromMs} and ${learnRecords.updatedAt} < ${toMs} and ${learnRecords.effMs} > 0
    ) group by bucket`);
  const seconds = db.all<{ bucket: string; ms: number }>(sql`
    select ${learnBucket} as bucket, sum(${learnRecords.effMs}) as ms from ${learnRecords}
      where ${learnRecords.schoolId} = ${schoolId} and ${learnRecords.updatedAt} >= ${fromMs} and ${learnRecords.updatedAt} < ${toMs}
      group by bucket`);
  const out = new Map<string, ActivityBucket>();
  for (const row of learners) out.set(row.bucket, { bucket: row.bucket, learners: row.n, seconds: 0 });
  for (const row of seconds) {
    const entry = out.get(row.bucket) ?? { bucket: row.bucket, learners: 0, seconds: 0 };
    entry.seconds = Math.round((row.ms ?? 0) / 1000);
    out.set(row.bucket, entry);
  }
  return [...out.values()];
}
