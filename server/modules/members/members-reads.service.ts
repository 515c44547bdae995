/**
 * The back office's reads of membership plans: who holds a plan (member/subscription), the trail of plans and
 * memberships (member/audit, order_events member.*) and the figures (member/dashboarddata). The rules are in
 * members.service.ts.
 */
import { badField } from '../../lib/catalogue-http';
import type { AppContext } from '../../context';
import { DAY_MS } from '../../../shared/rules/course-status';
import { MEMBER_SOON_DAYS, membershipState } from '../../../shared/rules/membership';
import type { Subscription } from '../../../shared/schemas/members';
import * as repo from './members.repository';
import type { Actor } from './members.service';

/** GET member/subscription. */
export async function listSubscriptions(
  ctx: AppContext,
  actor: Actor,
  query: { plan_id?: string; sid?: string; keyword?: string; state: 'active' | 'all'; page: number; num: number },
): Promise<{ total: number; list: Subscription[] }> {
  const now = ctx.now();
  const { total, rows } = await repo.subscriptions(
    ctx.db,
    {
      schoolId: actor.schoolId,
      planId: query.plan_id,
      studentId: query.sid,
      keyword: query.keyword || undefined,
      activeAt: query.state === 'active' ? now : undefined,
    },
    { limit: query.num, offset: (query.page - 1) * query.num },
  );
  const list = rows.map((row) => ({
    id: row.id,
    plan_id: row.planId,
    plan_title: row.planTitle,
    sid: row.sid,
    username: row.username,
    name: row.name,
    since: row.since,
    until: row.until,
    via: row.via,
    ref: row.ref,
    revoked_at: row.revokedAt,
    state: membershipState(row, now),
  }));
  return { total, list };
}

/** GET member/audit: by plan or student (400 without either). */
export async function auditTrail(
  ctx: AppContext,
  actor: Actor,
  query: { plan_id?: string; sid?: string; page: number; num: number },
) {
  if (!query.plan_id && !query.sid) throw badField('plan_id', 'name a plan or a student', 'query');
  const parse = (text: string | null) => (text ? JSON.parse(text) : null);
  const { total, rows } = await repo.memberEvents(
    ctx.db,
    { schoolId: actor.schoolId, planId: query.plan_id, studentId: query.sid },
    { limit: query.num, offset: (query.page - 1) * query.num },
  );
  const list = rows.map((row) => ({
    id: row.id,
    action: row.action,
    target_id: row.targetId,
    actor_id: row.actorId,
    actor_name: row.actorName,
    at: row.at,
    before: parse(row.before),
    after: parse(row.after),
  }));
  return { total, list };
}

/** GET member/dashboarddata. */
export async function dashboardData(ctx: AppContext, actor: Actor) {
  const now = ctx.now();
  const plans = await repo.schoolPlans(ctx.db, actor.schoolId);
  const holders = await repo.activeHolderCounts(ctx.db, actor.schoolId, now);
  const figures = await repo.membershipFigures(
    ctx.db,
    actor.schoolId,
    now,
    now - 30 * DAY_MS,
    now + MEMBER_SOON_DAYS * DAY_MS,
  );
  return {
    plans: plans.length,
    published: plans.filter((plan) => plan.published).length,
    active_members: figures.active,
    joined_30_days: figures.joined,
    soon_expiring: figures.soon,
    per_plan: plans.map((plan) => ({ id: plan.id, title: plan.title, active: holders.get(plan.id) ?? 0 })),
  };
}
