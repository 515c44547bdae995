import { and, count, eq } from 'drizzle-orm';
import { LICENCE_ERRORS } from '../../../shared/schemas/licence';
import type { AppContext } from '../../context';
import { type Db, first } from '../../db/client';
import { students } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { schoolLicence } from './licence-store';

/** Enabled students of a school: what a seat counts. */
export async function usedSeats(db: Db, schoolId: string): Promise<number> {
  return (
    first(
      await db
        .select({ n: count() })
        .from(students)
        .where(and(eq(students.schoolId, schoolId), eq(students.disabled, false))),
    )?.n ?? 0
  );
}

export interface SeatState {
  /** Seats the school may fill: the licence's, or the trial's without one. */
  limit: number;
  used: number;
  trial: boolean;
  expired: boolean;
}

/**
 * The school's seats now: the registered licence's (verified, cached; licence-store), or the trial's
 * (LICENCE_TRIAL_SEATS) without one. An expired licence keeps its limit and sets expired: an expired
 * licence keeps every record and lets students finish what they study, but refuses new students.
 */
export async function seatState(ctx: AppContext, schoolId: string, db: Db = ctx.db): Promise<SeatState> {
  const used = await usedSeats(db, schoolId);
  const licence = await schoolLicence(ctx, schoolId, db);
  if (!licence) return { limit: ctx.config.LICENCE_TRIAL_SEATS, used, trial: true, expired: false };
  return { limit: licence.payload.seats, used, trial: false, expired: licence.expiresAt <= ctx.now() };
}

/**
 * The one seat check of every path that adds or enables students (student/add, import, LDAP sync,
 * registration): 403 when the licence has expired, or when `adding` more would pass the limit. Call it inside
 * the transaction that writes, with that transaction as db, so the count and the write agree.
 */
export async function assertSeats(ctx: AppContext, schoolId: string, adding: number, db: Db = ctx.db): Promise<void> {
  if (adding <= 0) return;
  const state = await seatState(ctx, schoolId, db);
  const data = { limit: state.limit, used: state.used, adding };
  if (state.expired) throw new AppError(403, LICENCE_ERRORS.expired, data);
  if (state.used + adding > state.limit) throw new AppError(403, LICENCE_ERRORS.seatsFull, data);
}
