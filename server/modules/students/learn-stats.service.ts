import { formatDate } from '../../../shared/rules/dates';
import type { AppContext } from '../../context';
import { recordsStore } from '../records/records.store';

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (date: Date) => formatDate(date, 'yyyy-MM-dd');

/** The buckets of a period (the records store includes the heartbeats not yet written). */
async function activity(ctx: AppContext, schoolId: string, by: 'month' | 'day', from: Date, to: Date) {
  const buckets = await recordsStore(ctx).studyActivity(schoolId, by, dayText(from), dayText(to));
  return new Map(buckets.map((row) => [row.bucket, row]));
}

/**
 * GET learn/moth {year}: the school's twelve months of study (distinct learners and study time in seconds),
 * months without study as zeros. Periods follow the server's time zone. The tables read and what the numbers
 * mean: records/activity.repository.ts.
 */
export async function learnMonths(ctx: AppContext, schoolId: string, year: number) {
  const from = new Date(year, 0, 1);
  const to = new Date(year + 1, 0, 1);
  const buckets = await activity(ctx, schoolId, 'month', from, to);
  const list = Array.from({ length: 12 }, (_, index) => {
    const row = buckets.get(pad(index + 1));
    return { month: index + 1, learners: row?.learners ?? 0, seconds: row?.seconds ?? 0 };
  });
  return { year, list };
}

/** GET learn/day {month: 'yyyy-MM'}: each day of the month (yyyy-MM-dd) with its learners and study time. */
export async function learnDays(ctx: AppContext, schoolId: string, month: string) {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const from = new Date(year, monthNumber - 1, 1);
  const to = new Date(year, monthNumber, 1);
  const buckets = await activity(ctx, schoolId, 'day', from, to);
  const days = new Date(year, monthNumber, 0).getDate();
  const list = Array.from({ length: days }, (_, index) => {
    const day = `${month}-${pad(index + 1)}`;
    const row = buckets.get(day);
    return { day, learners: row?.learners ?? 0, seconds: row?.seconds ?? 0 };
  });
  return { month, list };
}
