/**
 * Points and credits (issue 15 item 7; spec 7 Students points, pointdetail, clearpoint): the school's rules,
 * students' totals and ledgers, the administrator's clear and the student's own page. A total is always the
 * ledger's sum (SUM(delta)), never a stored counter. Earning is earn.ts.
 *
 * Rules chosen here:
 * - every back-office call needs the permission 'student' (rules too: they decide what students earn);
 * - rules changed apply to events from then on; points already earned stay; each change is audited as an
 *   order_events row (action 'points.rules', subject the school, the administrator, every rule before and after);
 * - 'this week' is the earnings (rows above zero) from Monday (server time) on, so a clear does not make a
 *   week negative;
 * - a clear writes, per student whose total is not zero, one 'clear' row of minus the total with the
 *   administrator as actor (who, when, before = -delta, after 0: the row is the audit), in one transaction;
 *   a student of another school in the list is 400 and nothing is cleared.
 */
import type { z } from 'zod';
import { formatDate } from '../../../shared/rules/dates';
import { POINT_RULE_NAMES, STUDY_SLOT_MINUTES, weekStart, type PointReason } from '../../../shared/rules/points';
import {
  POINT_ERRORS,
  type PointLedger,
  type PointRow,
  type zMyPointsQuery,
  type zPointDetailQuery,
  type zPointRules,
  type zSetPointRules,
  type zStudentPointsQuery,
} from '../../../shared/schemas/points';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/errors';
import { forgetRules, rulesOf } from './point-rules';
import * as repo from './points.repository';

/** The administrator acting (route()'s admin). */
export interface Actor {
  userId: string;
  schoolId: string;
}

const offsetOf = (query: { page: number; num: number }) => (query.page - 1) * query.num;
const thisWeek = (ctx: AppContext) => weekStart(formatDate(ctx.now(), 'yyyy-MM-dd'));

/** GET point/rules. */
export async function pointRules(ctx: AppContext, schoolId: string): Promise<z.input<typeof zPointRules>> {
  const { byRule } = await rulesOf(ctx, schoolId);
  return {
    list: POINT_RULE_NAMES.map((rule) => ({
      rule,
      points: byRule[rule].points,
      daily_limit: byRule[rule].dailyLimit,
      enabled: byRule[rule].enabled,
    })),
    slot_minutes: STUDY_SLOT_MINUTES,
  };
}

/** POST point/setrules. */
export async function setPointRules(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof zSetPointRules>,
): Promise<z.input<typeof zPointRules>> {
  const at = ctx.now();
  const before = (await pointRules(ctx, actor.schoolId)).list;
  await ctx.db.transaction(async (tx) => {
    for (const rule of input.list) {
      await repo.upsertRule(tx, {
        schoolId: actor.schoolId,
        rule: rule.rule,
        points: rule.points,
        dailyLimit: rule.daily_limit,
        enabled: rule.enabled,
        updatedAt: at,
      });
    }
    const changed = new Map(input.list.map((rule) => [rule.rule, rule]));
    await repo.insertEvent(tx, {
      id: ctx.ids.next(),
      schoolId: actor.schoolId,
      orderId: actor.schoolId,
      action: 'points.rules',
      actorKind: 'admin',
      actorId: actor.userId,
      before: JSON.stringify(before),
      after: JSON.stringify(before.map((rule) => changed.get(rule.rule) ?? rule)),
      at,
    });
  });
  forgetRules(ctx, actor.schoolId);
  return await pointRules(ctx, actor.schoolId);
}

/** GET student/points. */
export async function studentPoints(ctx: AppContext, actor: Actor, query: z.output<typeof zStudentPointsQuery>) {
  return await repo.schoolTotals(ctx.db, actor.schoolId, query.keyword, thisWeek(ctx), query.num, offsetOf(query));
}

/** A student's total, week and one page of rows with what each was for. */
async function ledgerOf(ctx: AppContext, studentId: string, page: { page: number; num: number }): Promise<PointLedger> {
  const { points, week } = await repo.studentTotal(ctx.db, studentId, thisWeek(ctx));
  const { list, total } = await repo.ledgerPage(ctx.db, studentId, page.num, offsetOf(page));
  const refs = (reason: PointReason) => list.filter((row) => row.reason === reason).map((row) => row.ref);
  const titles = await repo.titlesOf(ctx.db, {
    chapter: refs('chapterDone'),
    course: refs('courseDone'),
    exam: refs('examPassed'),
  });
  const titleOf = (row: (typeof list)[number]) =>
    (row.reason === 'chapterDone'
      ? titles.chapter.get(row.ref)
      : row.reason === 'courseDone'
        ? titles.course.get(row.ref)
        : row.reason === 'examPassed'
          ? titles.exam.get(row.ref)
          : null) ?? null;
  return {
    points,
    week,
    total,
    list: list.map(
      (row): PointRow => ({
        id: row.id,
        delta: row.delta,
        reason: row.reason as PointReason,
        ref: row.ref,
        title: titleOf(row),
        day: row.day,
        at: row.at,
        actor_name: row.actorName ?? null,
      }),
    ),
  };
}

/** GET student/pointdetail: 404 for a student of another school. */
export async function pointDetail(ctx: AppContext, actor: Actor, query: z.output<typeof zPointDetailQuery>) {
  const student = await repo.findStudent(ctx.db, actor.schoolId, query.sid);
  if (!student) throw notFound('student not found');
  return {
    sid: student.id,
    username: student.username,
    name: student.name,
    ...(await ledgerOf(ctx, student.id, query)),
  };
}

/** GET mypoints. */
export async function myPoints(
  ctx: AppContext,
  studentId: string,
  query: z.output<typeof zMyPointsQuery>,
): Promise<PointLedger> {
  return await ledgerOf(ctx, studentId, query);
}

/** POST student/clearpoint. */
export async function clearPoints(ctx: AppContext, actor: Actor, sids: readonly string[]) {
  const unique = [...new Set(sids)];
  return await ctx.db.transaction(async (tx) => {
    const totals = await repo.totalsOf(tx, actor.schoolId, unique);
    if (totals.length !== unique.length) {
      const known = new Set(totals.map((row) => row.sid));
      throw new AppError(400, POINT_ERRORS.notStudent, {
        field: 'sids',
        sids: unique.filter((sid) => !known.has(sid)),
      });
    }
    const at = ctx.now();
    const day = formatDate(at, 'yyyy-MM-dd');
    let cleared = 0;
    let points = 0;
    for (const { sid, points: total } of totals) {
      if (total === 0) continue;
      const id = ctx.ids.next();
      await repo.insertOnce(tx, {
        id,
        schoolId: actor.schoolId,
        studentId: sid,
        delta: -total,
        reason: 'clear',
        ref: id,
        day,
        actorId: actor.userId,
        at,
      });
      cleared += 1;
      points += total;
    }
    return { cleared, points };
  });
}
