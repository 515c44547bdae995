/**
 * The notices of the events that exist today (issue 16 'System notices'), each called by its module inside
 * the transaction that made the event happen, through notify(). They only word the params and the link
 * (where the student acts: an in-site path the page follows); the wording is shared/rules/notices.
 */
import type { Db } from '../../db/client';
import type { AppContext } from '../../context';
import { notify, notifyMany } from './notify';

/** What every event's notice needs: the transaction, the ids and the clock. */
interface Tx {
  tx: Db;
  ctx: Pick<AppContext, 'ids' | 'courseCodec'>;
  at: number;
}

interface Who {
  schoolId: string;
  studentId: string;
}

const dashboard = (route: string) => `/dashboard#${route}`;

/** The page of a course or column the student was given. */
export function itemLink(ctx: Pick<AppContext, 'courseCodec'>, kind: 'course' | 'column', id: string): string {
  const code = ctx.courseCodec.encode(id);
  return kind === 'column' ? `/u/column/${code}` : `/course/${code}`;
}

/** A course or column given to the student (an administrator's grant, a key, a code or a paid order). */
export async function courseGranted(
  { tx, ctx, at }: Tx,
  who: Who,
  item: { kind: 'course' | 'column'; id: string; title: string },
): Promise<void> {
  await notify(tx, ctx.ids, at, {
    ...who,
    kind: 'course.granted',
    params: { title: item.title, item: item.kind },
    link: itemLink(ctx, item.kind, item.id),
  });
}

/** A course the student holds ends within `days` days (once per grant and threshold: the dedupe key). */
export async function courseExpiring(
  { tx, ctx, at }: Tx,
  who: Who,
  item: { courseId: string; until: number; title: string; days: number },
): Promise<boolean> {
  return (
    (await notify(tx, ctx.ids, at, {
      ...who,
      kind: 'course.expiring',
      params: { title: item.title, days: item.days },
      link: itemLink(ctx, 'course', item.courseId),
      dedupeKey: `course.expiring:${item.courseId}:${item.until}:${item.days}`,
    })) !== null
  );
}

/** Students of one school, many at once (notifyMany: ids only, batched writes). */
interface Many {
  schoolId: string;
  studentIds: readonly string[];
}

const planLink = (courseId: string) => `/dashboard#/controller/studyplandetailstu?coid=${encodeURIComponent(courseId)}`;

/**
 * An exam published to these students (once per exam: publishing again, or attaching it to another chapter,
 * does not repeat it). A standalone exam links to the student's exams; a chapter's exam to its course (a study
 * plan's stage exam to the plan), where it is sat. Answers the students told now.
 */
export async function examPublished(
  { tx, ctx, at }: Tx,
  to: Many,
  exam: { id: string; title: string; course?: { id: string; plan: boolean } },
): Promise<string[]> {
  const { course } = exam;
  const link = !course
    ? dashboard('/controller/myexam')
    : course.plan
      ? planLink(course.id)
      : itemLink(ctx, 'course', course.id);
  return await notifyMany(tx, ctx.ids, at, {
    ...to,
    kind: 'exam.published',
    params: { title: exam.title },
    link,
    dedupeKey: `exam.published:${exam.id}`,
  });
}

/** The student's sitting of an exam was marked. */
export async function examMarked(
  { tx, ctx, at }: Tx,
  who: Who,
  exam: { title: string; score: number | string },
): Promise<void> {
  await notify(tx, ctx.ids, at, {
    ...who,
    kind: 'exam.marked',
    params: { title: exam.title, score: exam.score },
    link: dashboard('/controller/exams'),
  });
}

/** A study plan these students now have (once per plan); answers the students told now. */
export async function planAssigned(
  { tx, ctx, at }: Tx,
  to: Many,
  plan: { courseId: string; title: string },
): Promise<string[]> {
  return await notifyMany(tx, ctx.ids, at, {
    ...to,
    kind: 'plan.assigned',
    params: { title: plan.title },
    link: planLink(plan.courseId),
    dedupeKey: `plan.assigned:${plan.courseId}`,
  });
}

/** A review of the student's stage was decided. */
export async function reviewDecided(
  { tx, ctx, at }: Tx,
  who: Who,
  review: { courseId: string; title: string; approved: boolean },
): Promise<void> {
  await notify(tx, ctx.ids, at, {
    ...who,
    kind: 'review.decided',
    params: { title: review.title, outcome: review.approved ? 'approved' : 'rejected' },
    link: planLink(review.courseId),
  });
}

/** Someone replied to the student's comment on a course. */
export async function commentReplied(
  { tx, ctx, at }: Tx,
  who: Who,
  reply: { courseId: string; title: string; name: string },
): Promise<void> {
  await notify(tx, ctx.ids, at, {
    ...who,
    kind: 'comment.replied',
    params: { title: reply.title, name: reply.name },
    link: `${itemLink(ctx, 'course', reply.courseId)}#/introduce/comment`,
  });
}

/** A membership plan the student holds ends within `days` days (once per plan, end and threshold). */
export async function memberExpiring(
  { tx, ctx, at }: Tx,
  who: Who,
  plan: { id: string; title: string; until: number; days: number },
): Promise<boolean> {
  return (
    (await notify(tx, ctx.ids, at, {
      ...who,
      kind: 'member.expiring',
      params: { title: plan.title, days: plan.days },
      link: dashboard('/controller/mybook'),
      dedupeKey: `member.expiring:${plan.id}:${plan.until}:${plan.days}`,
    })) !== null
  );
}
