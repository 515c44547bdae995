import { sqlRows, type Db } from '../../db/client';
import { sql } from 'drizzle-orm';
import { learnDays, watchRecords } from '../../db/schema';

/**
 * The school's study activity by month or by day (learn/moth, learn/day in the students module, which reads
 * it through records.store).
 *
 * - seconds: the study time the heartbeat engine credited on each day (learn_days, written in the same group
 *   commit as the learn records, so a chapter studied across two months counts in each month for its part);
 * - learners: distinct students who opened a chapter that day (watch_records: one per student, course and day)
 *   or were credited study time that day.
 * Buckets are 'MM' (by month) or 'yyyy-MM-dd' (by day); days are in the server's time zone.
 */
export interface ActivityBucket {
  bucket: string;
  learners: number;
  seconds: number;
}

export async function studyActivity(
  db: Db,
  schoolId: string,
  by: 'month' | 'day',
  fromDay: string,
  toDay: string,
): Promise<ActivityBucket[]> {
  const dayBucket = by === 'month' ? sql`substr(${learnDays.day}, 6, 2)` : sql`${learnDays.day}`;
  const watchBucket = by === 'month' ? sql`substr(${watchRecords.day}, 6, 2)` : sql`${watchRecords.day}`;
  const learners = await sqlRows<{ bucket: string; n: number }>(
    db,
    sql`
    select bucket, count(distinct sid) as n from (
      select ${watchBucket} as bucket, ${watchRecords.studentId} as sid from ${watchRecords}
        where ${watchRecords.schoolId} = ${schoolId} and ${watchRecords.studentId} is not null
          and ${watchRecords.day} >= ${fromDay} and ${watchRecords.day} < ${toDay}
      union
      select ${dayBucket} as bucket, ${learnDays.studentId} as sid from ${learnDays}
        where ${learnDays.schoolId} = ${schoolId} and ${learnDays.day} >= ${fromDay} and ${learnDays.day} < ${toDay}
          and ${learnDays.effMs} > 0
    ) as studied group by bucket`,
  );
  const seconds = await sqlRows<{ bucket: string; ms: number }>(
    db,
    sql`
    select ${dayBucket} as bucket, sum(${learnDays.effMs}) as ms from ${learnDays}
      where ${learnDays.schoolId} = ${schoolId} and ${learnDays.day} >= ${fromDay} and ${learnDays.day} < ${toDay}
      group by bucket`,
  );
  const out = new Map<string, ActivityBucket>();
  for (const row of learners) out.set(row.bucket, { bucket: row.bucket, learners: row.n, seconds: 0 });
  for (const row of seconds) {
    const entry = out.get(row.bucket) ?? { bucket: row.bucket, learners: 0, seconds: 0 };
    entry.seconds = Math.round((row.ms ?? 0) / 1000);
    out.set(row.bucket, entry);
  }
  return [...out.values()];
}
