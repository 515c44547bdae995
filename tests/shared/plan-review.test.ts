import { describe, expect, it } from 'vitest';
import { canCommitPlan, canPublishPlan, canReviewPlan } from '../../shared/rules/plan-review';

// Spec 3: 'Study plan: published; goes through a verify/commit flow' — draft → committed → approved | rejected,
// a rejected plan committed again; only an approved plan is published, unpublishing always allowed.
describe('plan review (spec 3 Study plan state)', () => {
  it.each([
    ['draft', true, false, false, true],
    ['committed', false, true, false, true],
    ['approved', false, false, true, true],
    ['rejected', true, false, false, true],
  ] as const)('%s: commit %s, review %s, publish %s, unpublish %s', (status, commit, review, publish, unpublish) => {
    expect(canCommitPlan(status)).toBe(commit);
    expect(canReviewPlan(status)).toBe(review);
    expect(canPublishPlan(status, true)).toBe(publish);
    expect(canPublishPlan(status, false)).toBe(unpublish);
  });
  it('a course with no review row is never published as a plan', () => expect(canPublishPlan(null, true)).toBe(false));
});
