/**
 * Membership plans (issue 15 item 6, spec 7 'member'). Back office: permission 'course' (a plan gives courses,
 * as grants do), and a plan's writes only to an administrator who manages every category of it. Students: the
 * published plans (member/plan), my subscriptions (mybook) and my bookmarks (mycollect).
 *
 * Not here: member/pay and member/traderecord are the orders module's (buying a plan is an order);
 * member/resetpassword does not apply (server/modules/members/members.service.ts says why).
 */
import * as s from '../schemas/members';
import { defineCall } from '../contract';

const tags = ['members (back office)'];
const write = { access: { admin: 'course' }, tags } as const;
const read = { access: { admin: ['course', 'student'] }, tags, noStore: true } as const;
const mine = { access: 'student', tags: ['members'], noStore: true } as const;

export const memberCalls = {
  list: defineCall({
    ...write,
    noStore: true,
    method: 'GET',
    path: 'member/list',
    summary: "The school's membership plans (not deleted) with their categories and current holders, newest first.",
    reply: s.zAdminPlans,
  }),
  edit: defineCall({
    ...write,
    method: 'POST',
    path: 'member/edit',
    summary:
      'Creates a plan (no id) or changes one: title, description (sanitised), price in yuan text (stored as ' +
      "integer fen), days (at least 1), the school's course categories it gives (with their sub-categories), " +
      'published. Audited (order_events member.plan).',
    body: s.zEditPlan,
    reply: s.zPlanSaved,
  }),
  remove: defineCall({
    ...write,
    method: 'POST',
    path: 'member/delete',
    summary: 'Deletes a plan (soft): its memberships give nothing more; deleting a deleted plan changes nothing.',
    body: s.zPlanRef,
    reply: s.zPlanDeleted,
  }),
  grant: defineCall({
    ...write,
    method: 'POST',
    path: 'member/grant',
    summary:
      'Gives a published plan to students and to every student in the groups at this moment (via admin): a new ' +
      'membership for its days, or one extended from its current end. Audited (order_events member.grant).',
    body: s.zGrantPlan,
    reply: s.zPlanGranted,
  }),
  revoke: defineCall({
    ...write,
    method: 'POST',
    path: 'member/revoke',
    summary:
      'Revokes a membership: it gives nothing more; every learning record stays. Revoking a revoked one ' +
      'changes nothing (revoked false). Audited (order_events member.revoke).',
    body: s.zRevokeMembership,
    reply: s.zMembershipRevoked,
  }),
  subscription: defineCall({
    ...read,
    method: 'GET',
    path: 'member/subscription',
    summary: 'Who holds a plan (or what a student holds): since, until, via, state; by user name or name, paged.',
    query: s.zSubscriptionQuery,
    reply: s.zSubscriptions,
  }),
  audit: defineCall({
    ...read,
    method: 'GET',
    path: 'member/audit',
    summary: 'The changes of a plan and its memberships, or of a student: who, when, before, after; newest first.',
    query: s.zMemberAuditQuery,
    reply: s.zMemberAudit,
  }),
  dashboard: defineCall({
    ...read,
    method: 'GET',
    path: 'member/dashboarddata',
    summary:
      'Figures: plans, published plans, students with a current membership (and per plan), joined in the ' +
      'last 30 days, memberships ending within 7 days.',
    reply: s.zMemberDashboard,
  }),
  plans: defineCall({
    ...mine,
    method: 'GET',
    path: 'member/plan',
    summary:
      "The school's published plans: price, days, categories, how many courses they give, and the student's " +
      'current membership of each (until, remaining days).',
    reply: s.zStudentPlans,
  }),
  mybook: defineCall({
    ...mine,
    method: 'GET',
    path: 'mybook',
    summary: "My subscriptions: the student's current memberships (until, remaining days) and subscribed columns.",
    reply: s.zMyBook,
  }),
  mycollect: defineCall({
    ...mine,
    method: 'GET',
    path: 'mycollect',
    summary:
      "My bookmarks: the student's bookmarked courses and columns (available ones), newest first. Removing " +
      'one is collectcourse / column/collect with collect 0.',
    reply: s.zMyCollect,
  }),
};
