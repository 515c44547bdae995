/**
 * Membership plans (issue 15 item 6): the back office's plans, grants and revocations of memberships, and the
 * student's plans, subscriptions and bookmarks. What a membership gives (every published course of the plan's
 * categories and their sub-categories while it lasts) is the access policy's (server/modules/access); a
 * membership row is written only through access/entitle joinMembership.
 *
 * Rules chosen here:
 * - Permission 'course' (a plan gives courses, as a grant does). Writing a plan, granting or revoking it needs an
 *   administrator who manages every category of it (server/modules/courses/course-access): another one's plan
 *   answers 404, a category outside their scope or another school's is 400 (field catids). Lists are the school's.
 * - A price is typed in yuan text and stored as integer fen, read digit by digit (shared/rules/membership).
 * - Granting a plan to a group reaches the students in the group at the moment of granting (each gets their own
 *   membership), unlike a course grant to a group, which also reaches members who join later: a membership is a
 *   period a student holds, counted from the moment it is given. Granting to a student who holds the plan extends
 *   it from its current end (joinMembership). Only a published plan may be granted (409).
 * - Revoking sets revokedAt: the membership gives nothing more and every learning record stays.
 * - A deleted plan (soft) gives nothing (the policy skips it) and leaves the lists; its rows stay.
 * - The trail is order_events: action 'member.grant' / 'member.revoke' with orderId the membership's id, and
 *   'member.plan.create' / 'member.plan.edit' / 'member.plan.delete' with orderId the plan's id; before and
 *   after are JSON states, the actor the administrator.
 * - member/resetpassword does not apply: a member is a student of the school signing in with their account
 *   (spec: a membership has no account of its own), whose password already has its reset paths (the student's
 *   own change and the back office's student password reset). No route is made for it.
 */
import { sanitizeRichText } from '../../lib/sanitize';
import { badField } from '../../lib/catalogue-http';
import { conflict, notFound } from '../../lib/errors';
import type { AppContext } from '../../context';
import { joinMembership, membershipEnd } from '../access/entitle';
import { canManageCategory } from '../courses/course-access';
import { fenToYuanText, yuanTextToFen } from '../../../shared/rules/membership';
import { MEMBER_ERRORS, type AdminPlan, type EditPlan } from '../../../shared/schemas/members';
import { schoolGroupIds } from '../groups/groups.repository';
import { schoolStudentIds } from '../students/students.repository';
import * as repo from './members.repository';
import { mapAsync, everyAsync } from '../../lib/sequential';

/** The administrator or student acting (route()'s caller). */
export interface Actor {
  userId: string;
  schoolId: string;
}

export const categoryIdsOf = (plan: { categoryIds: string }) => JSON.parse(plan.categoryIds) as string[];

/** The plan's categories with their titles, in the plan's order (a category since deleted is left out). */
export async function categoriesOf(ctx: AppContext, schoolId: string, ids: string[]) {
  const titles = new Map((await repo.schoolCategories(ctx.db, schoolId, ids)).map((row) => [row.id, row.title]));
  return ids.flatMap((id) => (titles.has(id) ? [{ id, title: titles.get(id)! }] : []));
}

const managesAll = async (ctx: AppContext, actor: Actor, ids: string[]) =>
  await everyAsync(ids, async (id) => await canManageCategory(ctx, actor.userId, { schoolId: actor.schoolId, id }));

/** A plan of the school, not deleted, that the administrator may change; else 404. */
async function managedPlan(ctx: AppContext, actor: Actor, id: string): Promise<repo.PlanRow> {
  const plan = await repo.findPlan(ctx.db, id);
  if (!plan || plan.deleted || plan.schoolId !== actor.schoolId) throw notFound('plan not found');
  if (!(await managesAll(ctx, actor, categoryIdsOf(plan)))) throw notFound('plan not found');
  return plan;
}

const planState = (plan: repo.PlanRow | null) =>
  plan === null
    ? null
    : JSON.stringify({
        title: plan.title,
        price_fen: plan.priceFen,
        days: plan.days,
        catids: categoryIdsOf(plan),
        published: plan.published,
        deleted: plan.deleted,
      });

/** GET member/list. */
export async function listPlans(ctx: AppContext, actor: Actor): Promise<{ list: AdminPlan[] }> {
  const holders = await repo.activeHolderCounts(ctx.db, actor.schoolId, ctx.now());
  const list = await mapAsync(await repo.schoolPlans(ctx.db, actor.schoolId), async (plan) => ({
    id: plan.id,
    title: plan.title,
    description: plan.description,
    price_fen: plan.priceFen,
    price: fenToYuanText(plan.priceFen),
    days: plan.days,
    categories: await categoriesOf(ctx, actor.schoolId, categoryIdsOf(plan)),
    published: plan.published,
    holders: holders.get(plan.id) ?? 0,
    created_at: plan.createdAt,
    updated_at: plan.updatedAt,
  }));
  return { list };
}

/** POST member/edit: creates or changes a plan, audited. */
export async function editPlan(ctx: AppContext, actor: Actor, input: Required<EditPlan>): Promise<{ id: string }> {
  const existing = input.id ? await managedPlan(ctx, actor, input.id) : null;
  const priceFen = yuanTextToFen(input.price);
  if (priceFen === null) throw badField('price', 'must be yuan with at most two decimals, at most 1000000');
  const catids = [...new Set(input.catids)];
  if ((await repo.schoolCategories(ctx.db, actor.schoolId, catids)).length !== catids.length)
    throw badField('catids', "must name the school's course categories");
  if (!(await managesAll(ctx, actor, catids))) throw badField('catids', 'must name categories you manage');
  const now = ctx.now();
  const values = {
    title: input.title,
    description: sanitizeRichText(input.description),
    priceFen,
    days: input.days,
    categoryIds: JSON.stringify(catids),
    published: input.published,
    updatedAt: now,
  };
  const id = existing?.id ?? ctx.ids.next();
  await ctx.db.transaction(async (tx) => {
    if (existing) await repo.updatePlan(tx, id, values);
    else await repo.insertPlan(tx, { id, schoolId: actor.schoolId, ...values, createdAt: now });
    const after = (await repo.findPlan(tx, id))!;
    await repo.insertEvents(tx, [
      event(
        ctx,
        actor,
        existing ? 'member.plan.edit' : 'member.plan.create',
        id,
        now,
        planState(existing),
        planState(after),
      ),
    ]);
  });
  return { id };
}

function event(
  ctx: AppContext,
  actor: Actor,
  action: string,
  targetId: string,
  at: number,
  before: string | null,
  after: string | null,
): repo.EventInsert {
  const id = ctx.ids.next();
  return {
    id,
    schoolId: actor.schoolId,
    orderId: targetId,
    action,
    actorKind: 'admin',
    actorId: actor.userId,
    before,
    after,
    at,
  };
}

/** POST member/delete (soft), audited; a deleted plan answers deleted false. */
export async function removePlan(ctx: AppContext, actor: Actor, id: string): Promise<{ id: string; deleted: boolean }> {
  const plan = await repo.findPlan(ctx.db, id);
  if (plan?.deleted && plan.schoolId === actor.schoolId) return { id, deleted: false };
  const live = await managedPlan(ctx, actor, id);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await repo.updatePlan(tx, id, { deleted: true, published: false, updatedAt: now });
    const after = (await repo.findPlan(tx, id))!;
    await repo.insertEvents(tx, [event(ctx, actor, 'member.plan.delete', id, now, planState(live), planState(after))]);
  });
  return { id, deleted: true };
}

/** POST member/grant: a membership for each student named and each student in the groups now. */
export async function grantPlan(
  ctx: AppContext,
  actor: Actor,
  input: { plan_id: string; sids: string[]; gids: string[] },
): Promise<{ joined: number; extended: number }> {
  const plan = await managedPlan(ctx, actor, input.plan_id);
  const sids = [...new Set(input.sids)];
  const gids = [...new Set(input.gids)];
  if ((await schoolStudentIds(ctx.db, actor.schoolId, sids)).length !== sids.length)
    throw badField('sids', 'must name students of this school');
  if ((await schoolGroupIds(ctx.db, actor.schoolId, gids)).length !== gids.length)
    throw badField('gids', 'must name groups of this school');
  if (sids.length + gids.length === 0) throw badField('sids', MEMBER_ERRORS.noTargets);
  if (!plan.published) throw conflict(MEMBER_ERRORS.notPublished);
  const targets = [...new Set([...sids, ...(await repo.groupMemberIds(ctx.db, gids))])];
  const now = ctx.now();
  return await ctx.db.transaction(async (tx) => {
    const result = { joined: 0, extended: 0 };
    const events: repo.EventInsert[] = [];
    for (const studentId of targets) {
      const current = await membershipEnd(tx, studentId, plan.id);
      const row = await joinMembership(tx, ctx.ids, {
        schoolId: actor.schoolId,
        studentId,
        planId: plan.id,
        days: plan.days,
        via: 'admin',
        ref: actor.userId,
        at: now,
      });
      if (current !== null && current >= now) result.extended++;
      else result.joined++;
      const before = current !== null && current >= now ? JSON.stringify({ until: current }) : null;
      const after = JSON.stringify({
        plan_id: plan.id,
        sid: studentId,
        since: row.since,
        until: row.until,
        via: 'admin',
      });
      events.push(event(ctx, actor, 'member.grant', row.id, now, before, after));
    }
    await repo.insertEvents(tx, events);
    return result;
  });
}

/** POST member/revoke: 404 for another school's membership or a plan the administrator does not manage. */
export async function revokeMembership(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ id: string; revoked: boolean }> {
  const row = await repo.findMembership(ctx.db, id);
  if (!row || row.schoolId !== actor.schoolId) throw notFound('membership not found');
  const plan = await repo.findPlan(ctx.db, row.planId);
  if (!plan || !(await managesAll(ctx, actor, categoryIdsOf(plan)))) throw notFound('membership not found');
  const now = ctx.now();
  const revoked = await ctx.db.transaction(async (tx) => {
    if (!(await repo.revokeMembership(tx, id, actor.userId, now))) return false;
    const before = JSON.stringify({ until: row.until, revoked_at: null });
    const after = JSON.stringify({ until: row.until, revoked_at: now });
    await repo.insertEvents(tx, [event(ctx, actor, 'member.revoke', id, now, before, after)]);
    return true;
  });
  return { id, revoked };
}
