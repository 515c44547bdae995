import type { z } from 'zod';
import { ERRORS } from '../../../shared/envelope';
import { dateToMs, VALIDITY } from '../../../shared/rules/course-status';
import { allowedGroupIds } from '../../../shared/rules/course-buttons';
import { characters } from '../../../shared/rules/text';
import { creditTenths } from '../../../shared/rules/study-credits';
import {
  TITLE_MAX,
  zCourseSettings,
  type CourseSettings,
  type CourseValues,
  type NewCourse,
  type zAdminCourseQuery,
  type zSaveCourse,
} from '../../../shared/schemas/courses';
import { PLAN_ERRORS } from '../../../shared/schemas/plans';
import type { AppContext } from '../../context';
import { badInput, conflict, notFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { insertChapters, listChapters } from '../chapters/chapters.repository';
import { schoolGroupIds } from '../groups/groups.repository';
import { categoryRange } from '../categories/categories.service';
import { assertManageCourse, scopeFilter } from './course-access';
import { planPublishable, PLAN_COURSE_TYPE } from '../access/policy';
import { tellPlanHolders } from '../plans/plan-notices';
import * as repo from './courses.repository';
import type { CourseRow, NewCourseRow } from './courses.repository';
import { normaliseSettings, readSettings, toAdminRow, toFlag, yuanToFen } from './courses.presenter';

const COPY_SUFFIX = ' (copy)';

/** A 400 naming a field the schema alone could not judge, shaped like the validator's. */
export const badField = (field: string, message: string) =>
  badInput(`${ERRORS.badInput}: body.${field} ${message}`, { field, issues: [{ field, message }] });

/** The course (not deleted) when the administrator may manage it, else 404. */
export async function managedCourse(ctx: AppContext, adminId: string, coid: string): Promise<CourseRow> {
  const course = await repo.findCourse(ctx.db, coid);
  if (!course || course.deleted) throw notFound();
  await assertManageCourse(ctx, adminId, course);
  return course;
}

/** Stored columns for the given editable values (only those given). */
function columnsOf(values: Partial<CourseValues>): Partial<NewCourseRow> {
  const row: Partial<NewCourseRow> = {};
  if (values.title !== undefined) row.title = values.title;
  if (values.img !== undefined) row.img = values.img.trim();
  if (values.catid !== undefined) row.catid = values.catid;
  if (values.type !== undefined) row.type = values.type;
  if (values.level !== undefined) row.level = values.level;
  if (values.label !== undefined) row.label = values.label;
  if (values.actual !== undefined) row.actualFen = yuanToFen(values.actual);
  if (values.price !== undefined) row.priceFen = yuanToFen(values.price);
  if (values.ce_type !== undefined) row.ceType = values.ce_type;
  if (values.ce_time !== undefined) row.ceTime = String(values.ce_time).trim();
  if (values.authentication_gid !== undefined) row.authenticationGid = values.authentication_gid;
  if (values.order_rest !== undefined) row.orderRest = toFlag(values.order_rest);
  if (values.private !== undefined) row.isPrivate = toFlag(values.private);
  if (values.notes !== undefined) row.notes = values.notes;
  if (values.duration !== undefined) row.duration = values.duration;
  if (values.credit !== undefined) row.creditTenths = creditTenths(values.credit);
  return row;
}

/**
 * Checks what a schema cannot see alone, on the course as it will be: the category belongs to the school,
 * the validity fits its type (days > 0 for ce_type 1, an end date not before the start for ce_type 2),
 * and the allowed groups are the school's. Only the fields present are checked; ce_time becomes '' when permanent.
 */
async function checkCourse(
  ctx: AppContext,
  schoolId: string,
  row: Partial<NewCourseRow>,
  settings: CourseSettings,
  prefix: string,
): Promise<void> {
  if (row.catid !== undefined && (await categoryRange(ctx, schoolId, row.catid)) === 'missing')
    throw badField(`${prefix}catid`, 'is not a category of this school');
  checkValidity(row, settings, `${prefix}ce_time`);
  const groups = allowedGroupIds(row.authenticationGid ?? '');
  if (groups.length > 0 && (await schoolGroupIds(ctx.db, schoolId, groups)).length !== new Set(groups).size) {
    throw badField(`${prefix}authentication_gid`, 'must name groups of this school');
  }
}

/** The validity of ce_type/ce_time with settings.vaildBeginTime (shared/rules/course-status reads them). */
function checkValidity(row: Partial<NewCourseRow>, settings: CourseSettings, field: string): void {
  const time = row.ceTime ?? '';
  if (row.ceType === VALIDITY.permanent) row.ceTime = '';
  if (row.ceType === VALIDITY.daysFromPurchase && !(/^\d{1,5}$/.test(time) && Number(time) > 0))
    throw badField(field, 'must be a number of days');
  if (row.ceType === VALIDITY.fixedWindow) {
    const end = /^\d{4}-\d{1,2}-\d{1,2}( \d{1,2}:\d{2}(:\d{2})?)?$/.test(time) ? dateToMs(time, 'end') : null;
    if (end === null) throw badField(field, 'must be an end date yyyy-MM-dd');
    const start = dateToMs(settings.vaildBeginTime, 'start');
    if (start !== null && start > end)
      throw badField(field, 'must not end before the course starts (settings.vaildBeginTime)');
  }
}

/** POST getcourselist: the admin's school's courses (not deleted) within the admin's categories, filtered and paged, with the total. */
export async function adminCourseList(
  ctx: AppContext,
  admin: { schoolId: string; userId: string },
  query: z.output<typeof zAdminCourseQuery>,
) {
  const schoolId = admin.schoolId;
  const range = query.catid ? await categoryRange(ctx, schoolId, query.catid) : null;
  const { rows, total } = await repo.adminCourses(ctx.db, {
    schoolId,
    status: query.status,
    range: range === 'missing' ? null : range,
    catid: range === 'missing' ? query.catid! : null,
    keyword: query.keyword ?? '',
    scope: await scopeFilter(ctx, admin.userId),
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  return { courseData: rows.map((row) => toAdminRow(ctx, row)), total };
}

/** POST course/new: a draft course of the admin's school. */
export async function createCourse(ctx: AppContext, adminId: string, schoolId: string, input: NewCourse) {
  const settings = zCourseSettings.parse(input.settings ?? {});
  const row: NewCourseRow = {
    id: ctx.ids.next(),
    schoolId,
    title: input.title,
    createdAt: ctx.now(),
    updatedAt: ctx.now(),
    ...columnsOf(input),
  };
  row.ceType ??= VALIDITY.permanent;
  await assertManageCourse(ctx, adminId, { schoolId, catid: row.catid });
  await checkCourse(ctx, schoolId, row, settings, '');
  row.settings = JSON.stringify(normaliseSettings(settings));
  row.keywords = input.keywords ?? '';
  row.description = sanitizeRichText(input.description ?? '');
  await ctx.db.transaction(async (tx) => {
    await repo.insertCourse(tx, row);
    // A study-plan course is a plan from the start: a draft that goes through the plan review (server/modules/plans).
    if (row.type === PLAN_COURSE_TYPE)
      await repo.insertPlan(tx, {
        courseId: row.id,
        schoolId,
        status: 'draft',
        createdAt: row.createdAt,
        updatedAt: row.createdAt,
      });
  });
  ctx.catalogueCache.bump(schoolId);
  return { coid: row.id, code: ctx.courseCodec.encode(row.id) };
}

/** POST course/save: changes the given values, keywords and description (sanitised). */
export async function saveCourse(ctx: AppContext, adminId: string, input: z.output<typeof zSaveCourse>) {
  const course = await managedCourse(ctx, adminId, input.coid);
  const patch = columnsOf(input.values);
  // A plan stays a plan and a course a course: turning one into the other would skip (or strand) the plan review.
  if (patch.type !== undefined && (patch.type === PLAN_COURSE_TYPE) !== (course.type === PLAN_COURSE_TYPE)) {
    throw badField('values.type', 'a study plan cannot become another kind of course, nor a course a study plan');
  }
  if (patch.catid !== undefined)
    await assertManageCourse(ctx, adminId, { schoolId: course.schoolId, catid: patch.catid });
  // The category and groups are checked when they change (a group deleted since must not block other edits).
  const merged = { ...course, ...patch, catid: patch.catid, authenticationGid: patch.authenticationGid };
  await checkCourse(ctx, course.schoolId, merged, readSettings(course.settings), 'values.');
  await repo.updateCourse(ctx.db, course.id, {
    ...patch,
    ceTime: merged.ceTime,
    ...(input.keywords !== undefined ? { keywords: input.keywords } : {}),
    ...(input.description !== undefined ? { description: sanitizeRichText(input.description) } : {}),
    updatedAt: ctx.now(),
  });
  ctx.catalogueCache.bump(course.schoolId);
  return { coid: course.id, code: ctx.courseCodec.encode(course.id) };
}

/** POST course/delete: soft-deletes every course or none (404 when any is unknown, deleted or another school's). */
export async function deleteCourses(ctx: AppContext, adminId: string, coids: string[]) {
  const ids = [...new Set(coids)];
  const found = await repo.findCourses(ctx.db, ids);
  if (found.length !== ids.length) throw notFound();
  for (const course of found) {
    if (course.deleted) throw notFound();
    await assertManageCourse(ctx, adminId, course);
  }
  const deleted = await ctx.db.transaction(async (tx) => await repo.softDeleteCourses(tx, ids, ctx.now()));
  for (const schoolId of new Set(found.map((c) => c.schoolId))) ctx.catalogueCache.bump(schoolId);
  return { deleted };
}

/** POST course/copy: a draft copy titled '{title} (copy)' with its settings and whole chapter tree. */
export async function copyCourse(ctx: AppContext, adminId: string, coid: string) {
  const course = await managedCourse(ctx, adminId, coid);
  const now = ctx.now();
  const id = ctx.ids.next();
  const title =
    characters(course.title)
      .slice(0, TITLE_MAX - COPY_SUFFIX.length)
      .join('') + COPY_SUFFIX;
  await ctx.db.transaction(async (tx) => {
    await repo.insertCourse(tx, {
      ...course,
      id,
      title,
      published: false,
      top: 0,
      lcount: 0,
      count: 0,
      createdAt: now,
      updatedAt: now,
    });
    const chapters = await listChapters(tx, course.id);
    const newIds = new Map(chapters.map((chapter) => [chapter.id, ctx.ids.next()]));
    await insertChapters(
      tx,
      chapters.map((chapter) => ({
        ...chapter,
        id: newIds.get(chapter.id)!,
        courseId: id,
        parentId: chapter.parentId === '0' ? '0' : (newIds.get(chapter.parentId) ?? '0'),
        createdAt: now,
      })),
    );
    // A copy of a plan is a new plan, a draft to be reviewed.
    if (course.type === PLAN_COURSE_TYPE)
      await repo.insertPlan(tx, {
        courseId: id,
        schoolId: course.schoolId,
        status: 'draft',
        createdAt: now,
        updatedAt: now,
      });
  });
  ctx.catalogueCache.bump(course.schoolId);
  return { coid: id, code: ctx.courseCodec.encode(id) };
}

/** GET course/pub: publishes (1) or unpublishes (0). */
export async function publishCourse(ctx: AppContext, adminId: string, coid: string, pub: boolean) {
  const course = await managedCourse(ctx, adminId, coid);
  // Spec 3 'Study plan': a plan is published only once its review approved it (409 'study plan not approved').
  if (!(await planPublishable(ctx, course, pub))) throw conflict(PLAN_ERRORS.notApproved);
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await repo.updateCourse(tx, course.id, { published: pub, updatedAt: at });
    // Issue 16: a study plan published is had by its assignees from now on (plans/plan-notices.ts).
    if (pub && course.type === PLAN_COURSE_TYPE) await tellPlanHolders(ctx, tx, course.id, at);
  });
  ctx.catalogueCache.bump(course.schoolId);
  return { coid: course.id, published: pub };
}

/** POST course/descr: the description, sanitised on save (spec 5). */
export async function describeCourse(ctx: AppContext, adminId: string, coid: string, description: string) {
  const course = await managedCourse(ctx, adminId, coid);
  const clean = sanitizeRichText(description);
  await repo.updateCourse(ctx.db, course.id, { description: clean, updatedAt: ctx.now() });
  ctx.catalogueCache.bump(course.schoolId);
  return { coid: course.id, description: clean };
}

/** POST course/updateSet: merges the given settings into the stored ones (defaults for the rest). */
export async function updateCourseSettings(
  ctx: AppContext,
  adminId: string,
  coid: string,
  changes: Partial<CourseSettings>,
) {
  const course = await managedCourse(ctx, adminId, coid);
  const settings = normaliseSettings(zCourseSettings.parse({ ...readSettings(course.settings), ...changes }));
  if (changes.vaildBeginTime !== undefined)
    checkValidity({ ceType: course.ceType, ceTime: course.ceTime }, settings, 'settings.vaildBeginTime');
  await repo.updateCourse(ctx.db, course.id, { settings: JSON.stringify(settings), updatedAt: ctx.now() });
  ctx.catalogueCache.bump(course.schoolId);
  return { coid: course.id, settings };
}

/** POST course/topClass: pinning puts the course above every pinned one (max + 1); unpinning sets 0. */
export async function pinCourse(ctx: AppContext, adminId: string, coid: string, pin: boolean) {
  const course = await managedCourse(ctx, adminId, coid);
  const top = await ctx.db.transaction(async (tx) => {
    const value = pin ? (await repo.maxTop(tx, course.schoolId)) + 1 : 0;
    await repo.updateCourse(tx, course.id, { top: value, updatedAt: ctx.now() });
    return value;
  });
  ctx.catalogueCache.bump(course.schoolId);
  return { coid: course.id, top };
}
