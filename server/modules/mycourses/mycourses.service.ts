/**
 * The student's own course list: GET getstucourse (spec 7 'Student-side'), shown by the my-courses pages
 * (spec 2 mycourse, mycourse_m, dashboard controller/course: the list is how a
 * student gets back to study).
 *
 * Which courses (the spec names the pages, not the list's rule; chosen here):
 * - every course the student is enrolled in, whatever the source (free, bought, obtained, column, admin, plan),
 *   or granted by an administrator (to them, a group of theirs, or through a column; source admin);
 * - every study plan (course type 3) assigned to the student or to one of the student's groups, once its
 *   review approved it and while its course is published (server/db/schema/plans.ts) — these carry
 *   required_courses, the blue Required badge;
 * - every free course the student has studied (a learning record) without an enrolment. A record of a paid
 *   course's free chapter (a trial) does not make the course the student's; neither does a record of a plan
 *   no longer assigned.
 * Only courses of the student's own school. A course deleted or taken down since is listed with isDelete
 * (spec 9 'Badges': "expired red (#d52b2a) 'Expired'; else deleted 'Deleted'; else mandatory blue (#387dfe)
 * 'Required'"); an unapproved or unpublished plan is not listed at all.
 *
 * Remaining validity (spec 3 'Course list item' timeTips, spec 4 'Almost-expiring') comes from
 * the access policy (validityOf) on the server's clock: the course's validity counted from when the student got
 * it, or a grant's chosen end date.
 * Order: the course visited last first; courses never visited after them, the newest enrolment first.
 */
import type { MyCourse, MyCoursesQuery, MyCoursesReply } from '../../../shared/schemas/mycourses';
import { learnLetter } from '../../../shared/schemas/chapters';
import { remainingValidity } from '../../../shared/rules/expiring';
import { courseProcess } from '../../../shared/rules/progress';
import type { AppContext, Auth } from '../../context';
import { holdingsOf, validityOf } from '../access/policy';
import { COURSE_TEXT, totalChapters } from '../records/record-access';
import { recordsStore } from '../records/records.store';
import { findCourses } from '../courses/courses.repository';
import { chaptersByIds } from './mycourses.repository';

/** A signed-in student (requireStudent's answer). */
type Student = Exclude<Auth, { role: 'guest' }>;

type Listed = Omit<MyCourse, 'continueAt'> & { lastChapterId: string };

/** The signed-in student's courses, one page of them, with progress, validity, badges and where to continue. */
export async function myCourses(ctx: AppContext, auth: Student, query: MyCoursesQuery): Promise<MyCoursesReply> {
  const now = ctx.now();
  // Read through the store first: it writes what the heartbeats left in memory, so the holdings see it.
  const records = await recordsStore(ctx).courseRecordsOf(auth.userId);
  const held = await holdingsOf(ctx, auth);

  const listed: Listed[] = [];
  for (const row of await findCourses(ctx.db, [...held.ids])) {
    if (row.schoolId !== auth.schoolId) continue;
    const { holding, status } = validityOf(row, held.holding(row), now);
    if (!holding) continue;
    const record = records.get(row.id);
    const addtime = holding.since;
    const expiry = status.limitedDate;
    const remaining = remainingValidity(expiry, now);
    const total = record?.totalChapter || (await totalChapters(ctx, row));
    const complete = record?.completeChapter ?? 0;
    listed.push({
      coid: row.id,
      code: ctx.courseCodec.encode(row.id),
      coid_title: row.title,
      img: row.img,
      type: row.type,
      source: holding.source,
      addtime,
      expiry,
      remaining,
      timeTips: remaining.kind === 'left' ? remaining.tips : null,
      isExpire: remaining.kind === 'expired',
      isDelete: row.deleted || !row.published,
      required_courses: holding.required,
      total_chapter: total,
      complete_chapter: complete,
      process: courseProcess(total, complete),
      last_visit: record?.lastVisitAt ?? null,
      lastChapterId: record?.lastChapterId ?? '',
    });
  }

  const chosen = listed.filter((item) => {
    if (query.type === 'learning') return !item.isExpire && !item.isDelete;
    if (query.type === 'expired') return item.isExpire;
    return true;
  });
  chosen.sort(
    (a, b) => (b.last_visit ?? -1) - (a.last_visit ?? -1) || b.addtime - a.addtime || a.coid.localeCompare(b.coid),
  );
  const start = (query.page - 1) * query.num;
  const page = chosen.slice(start, start + query.num);
  return { total: chosen.length, page: query.page, num: query.num, courselist: await withContinue(ctx, page) };
}

/** Adds where to continue: the chapter last studied, when it is still a chapter of the course. */
async function withContinue(ctx: AppContext, items: Listed[]): Promise<MyCourse[]> {
  const chapters = new Map(
    (
      await chaptersByIds(
        ctx.db,
        items.map((item) => item.lastChapterId).filter((id) => id && id !== COURSE_TEXT),
      )
    ).map((row) => [row.id, row]),
  );
  return items.map(({ lastChapterId, ...item }) => {
    let continueAt: MyCourse['continueAt'] = null;
    if (lastChapterId === COURSE_TEXT) continueAt = { cid: COURSE_TEXT, learnType: '', title: '' };
    else {
      const chapter = chapters.get(lastChapterId);
      if (chapter && chapter.courseId === item.coid)
        continueAt = { cid: chapter.id, learnType: learnLetter(chapter.type), title: chapter.title };
    }
    return { ...item, continueAt };
  });
}
