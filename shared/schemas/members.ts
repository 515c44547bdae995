/**
 * Membership plans (issue 15 item 6, spec 7 'member'): plans the school sells or gives, memberships of them, the
 * back office's lists and figures, and the student's subscriptions (mybook) and bookmarks (mycollect). Money is
 * integer fen; a price is typed as yuan text and read digit by digit (shared/rules/membership).
 */
import * as z from 'zod';
import { PLAN_DAYS_MAX, YUAN_TEXT } from '../rules/membership';
import { zId, zQueryNum, zQueryPage } from './common';

export const PLAN_TITLE_MAX = 60;
export const PLAN_DESCRIPTION_MAX = 20_000;
/** Most categories one plan gives. */
export const PLAN_CATEGORIES_MAX = 100;
/** Most students or groups one grant names. */
export const MEMBER_TARGETS_MAX = 2000;
export const MEMBER_PAGE_MAX = 100;

export const MEMBER_ERRORS = {
  notPublished: 'plan not published',
  noTargets: 'name students or groups',
} as const;

/** How a membership was obtained (memberships.via). */
export const MEMBER_VIAS = ['order', 'code', 'admin'] as const;
export const MEMBERSHIP_STATES = ['active', 'expired', 'revoked'] as const;

const zTitle = z.string().trim().min(1, 'must not be empty').max(PLAN_TITLE_MAX);

/** POST member/edit: a new plan (no id) or the plan to change; price in yuan text ('12.50'). */
export const zEditPlan = z.object({
  id: zId.nullable().default(null),
  title: zTitle,
  description: z.string().max(PLAN_DESCRIPTION_MAX).default(''),
  price: z.string().trim().regex(YUAN_TEXT, 'must be yuan with at most two decimals'),
  days: z.number().int().min(1, 'must be at least 1').max(PLAN_DAYS_MAX),
  catids: z.array(zId).min(1, 'choose at least one category').max(PLAN_CATEGORIES_MAX),
  published: z.boolean().default(false),
});
export type EditPlan = z.input<typeof zEditPlan>;

export const zPlanRef = z.object({ id: zId });
export const zPlanSaved = z.object({ id: z.string() });
export const zPlanDeleted = z.object({ id: z.string(), deleted: z.boolean() });

const zCategoryRef = z.object({ id: z.string(), title: z.string() });

/** A plan as the back office lists it, with how many students hold it now. */
export const zAdminPlan = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price_fen: z.number().int(),
  /** The price as yuan text, two decimals. */
  price: z.string(),
  days: z.number().int(),
  categories: z.array(zCategoryRef),
  published: z.boolean(),
  /** Students whose membership of the plan is current. */
  holders: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type AdminPlan = z.infer<typeof zAdminPlan>;
export const zAdminPlans = z.object({ list: z.array(zAdminPlan) });

/** POST member/grant: the plan to students and to every current member of groups (via admin). */
export const zGrantPlan = z.object({
  plan_id: zId,
  sids: z.array(zId).max(MEMBER_TARGETS_MAX).default([]),
  gids: z.array(zId).max(MEMBER_TARGETS_MAX).default([]),
});
export type GrantPlan = z.input<typeof zGrantPlan>;
/** How many students got a new membership and how many had theirs extended. */
export const zPlanGranted = z.object({ joined: z.number().int(), extended: z.number().int() });

export const zRevokeMembership = z.object({ id: zId });
export const zMembershipRevoked = z.object({ id: z.string(), revoked: z.boolean() });

/** GET member/subscription. */
export const zSubscriptionQuery = z.object({
  plan_id: zId.optional(),
  sid: zId.optional(),
  keyword: z.string().trim().max(50).optional(),
  state: z.enum(['active', 'all']).default('all'),
  page: zQueryPage,
  num: zQueryNum(MEMBER_PAGE_MAX, 20),
});
export const zSubscription = z.object({
  id: z.string(),
  plan_id: z.string(),
  plan_title: z.string(),
  sid: z.string(),
  username: z.string(),
  name: z.string(),
  since: z.number().int(),
  until: z.number().int(),
  via: z.enum(MEMBER_VIAS),
  ref: z.string(),
  revoked_at: z.number().int().nullable(),
  state: z.enum(MEMBERSHIP_STATES),
});
export type Subscription = z.infer<typeof zSubscription>;
export const zSubscriptions = z.object({ total: z.number().int(), list: z.array(zSubscription) });

/** GET member/audit: by plan or student. */
export const zMemberAuditQuery = z.object({
  plan_id: zId.optional(),
  sid: zId.optional(),
  page: zQueryPage,
  num: zQueryNum(MEMBER_PAGE_MAX, 20),
});
export const zMemberAuditEntry = z.object({
  id: z.string(),
  action: z.string(),
  /** The membership's id (grant, revoke) or the plan's (plan edits). */
  target_id: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  at: z.number().int(),
  before: z.unknown(),
  after: z.unknown(),
});
export const zMemberAudit = z.object({ total: z.number().int(), list: z.array(zMemberAuditEntry) });

/** GET member/dashboarddata: the back office's figures. */
export const zMemberDashboard = z.object({
  plans: z.number().int(),
  published: z.number().int(),
  /** Distinct students with a current membership. */
  active_members: z.number().int(),
  joined_30_days: z.number().int(),
  /** Current memberships ending within MEMBER_SOON_DAYS days. */
  soon_expiring: z.number().int(),
  per_plan: z.array(z.object({ id: z.string(), title: z.string(), active: z.number().int() })),
});

/** GET member/plan: the school's published plans for a student, with their current membership of each. */
export const zStudentPlan = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price_fen: z.number().int(),
  price: z.string(),
  days: z.number().int(),
  categories: z.array(zCategoryRef),
  /** Published courses the plan gives now (its categories and their sub-categories). */
  course_count: z.number().int(),
  /** The last valid instant of the student's current membership, or null. */
  until: z.number().int().nullable(),
  remaining_days: z.number().int(),
});
export type StudentPlan = z.infer<typeof zStudentPlan>;
export const zStudentPlans = z.object({ list: z.array(zStudentPlan) });

/** GET mybook: the student's current memberships and subscribed columns. */
export const zMyMembership = z.object({
  id: z.string(),
  plan_id: z.string(),
  title: z.string(),
  since: z.number().int(),
  until: z.number().int(),
  remaining_days: z.number().int(),
  via: z.enum(MEMBER_VIAS),
  categories: z.array(zCategoryRef),
});
export type MyMembership = z.infer<typeof zMyMembership>;
const zListedColumn = z.object({
  column_id: z.string(),
  code: z.string(),
  title: z.string(),
  img: z.string(),
  at: z.number().int(),
});
export type ListedColumn = z.infer<typeof zListedColumn>;
export const zMyBook = z.object({ memberships: z.array(zMyMembership), columns: z.array(zListedColumn) });
export type MyBook = z.infer<typeof zMyBook>;

/** GET mycollect: the student's bookmarked courses and columns, newest first. */
export const zCollectedCourse = z.object({
  coid: z.string(),
  code: z.string(),
  title: z.string(),
  img: z.string(),
  at: z.number().int(),
});
export type CollectedCourse = z.infer<typeof zCollectedCourse>;
export const zMyCollect = z.object({ courses: z.array(zCollectedCourse), columns: z.array(zListedColumn) });
export type MyCollect = z.infer<typeof zMyCollect>;
