/**
 * The study plan's review (spec 3 state 'Study plan: published; goes through a verify/commit flow';
 * server/db/schema/plans.ts): draft → committed → approved | rejected, a rejected plan committed again.
 * The server's transitions and the back office's buttons both read these, so they cannot disagree.
 */
import type { PlanStatus } from '../schemas/plans';

/** The states a plan may be committed (submitted for review) from. */
export const COMMITTABLE: readonly PlanStatus[] = ['draft', 'rejected'];
/** The states the main administrator may approve or reject a plan in. */
export const REVIEWABLE: readonly PlanStatus[] = ['committed'];

export const canCommitPlan = (status: PlanStatus): boolean => COMMITTABLE.includes(status);
export const canReviewPlan = (status: PlanStatus): boolean => REVIEWABLE.includes(status);

/** Publishing needs an approved plan; unpublishing is always allowed. */
export const canPublishPlan = (status: PlanStatus | null, publish: boolean): boolean =>
  !publish || status === 'approved';
