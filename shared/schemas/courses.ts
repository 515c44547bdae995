import * as z from 'zod';
import { zCourseRate } from '../rules/playback-rate';
import { zCredit } from '../rules/study-credits';
import { isSafeUrl } from '../rules/sanitize';
import { zCode, zId } from './common';

/**
 * Course calls (spec 7 Courses and the named client operations 'Get courses by category', 'Keyword search',
 * 'hot courses', collect). Replies carry real JSON arrays and objects where the spec's client received
 * JSON text (courseData, courses, course): the web client reads them as they are.
 * Flags are accepted as true/false or 1/0 (the spec's clients send numbers); replies carry booleans,
 * except collect (0|1) as the spec names it.
 */

/** Title limits of courses, categories and chapters, counted after trimming. */
export const TITLE_MAX = 100;
/** Course keywords (searched with the title). */
export const KEYWORDS_MAX = 200;
/** A search keyword. */
export const KEYWORD_SEARCH_MAX = 50;
/** Rich-text descriptions (HTML) are at most this many characters before sanitising. */
export const DESCRIPTION_MAX = 200_000;
/** A price above this many yuan is refused. */
export const PRICE_MAX_YUAN = 1_000_000;
/** The largest page of a list (spec 9: catalogue page 1 num 500). */
export const PAGE_NUM_MAX = 500;
/** Hot courses shown on a course page (two rows of four, spec 2). */
export const HOT_COURSES = 8;
/** Error strings of course replies beside shared/envelope ERRORS: a deleted or unpublished course (spec 8 该课程已下架). */
export const COURSE_ERRORS = { removed: 'course removed' } as const;

/** A title: trimmed, 1 to 100 characters. */
export const zTitle = z.string().trim().min(1, 'is required').max(TITLE_MAX, `must be at most ${TITLE_MAX} characters`);
/** A flag as the spec's clients send it. */
export const zFlag = z.union([z.boolean(), z.literal(0), z.literal(1)]);
/** A price in yuan with at most two decimals (stored as fen). */
export const zYuan = z
  .number()
  .min(0, 'must not be negative')
  .max(PRICE_MAX_YUAN)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'must have at most two decimals');
/** A date 'yyyy-MM-dd' or 'yyyy-MM-dd HH:mm[:ss]', or '' for none. */
export const zDateText = z
  .string()
  .regex(/^(\d{4}-\d{1,2}-\d{1,2}( \d{1,2}:\d{2}(:\d{2})?)?)?$/, 'must be a date yyyy-MM-dd [HH:mm:ss]');
/** An image address: empty or one the sanitiser's URL rule keeps (spec 5). */
export const zImageUrl = z
  .string()
  .max(1000)
  .refine((value) => isSafeUrl(value), 'must be an http(s), relative or data:image address');
/** Page number (from 1) and page size (1 to 500). */
export const zPage = z.number().int().min(1).default(1);
export const zNum = z.number().int().min(1).max(PAGE_NUM_MAX).default(20);
/** A school of a page: its id (parent id) or hashUID. */
export const zSchoolRef = zCode;

/** Course types (spec 3): 0 ordinary, 1 live, 2 public live, 3 study-plan course, 4 graphic/article. */
export const zCourseType = z.number().int().min(0).max(4);

/** The fields of the course settings, without defaults (what course/updateSet may change). */
const courseSettingsFields = {
  notAllowSkip: zFlag,
  /** 0 growth plan, 1 phase plan (spec 3 level words), 2 other. */
  plan_type: z.number().int().min(0).max(2),
  verify: zFlag,
  signature: zFlag,
  switchremind: zFlag,
  leaveremind: zFlag,
  /** Minutes of idleness before the leave reminder. */
  leavetime: z.number().int().min(1).max(1440),
  stage_year: z.number().int().min(0).max(9999),
  /** Month 1-12 (label 0) or quarter 1-4 (label 1); 0 = not staged (spec 9 'Stage months'). */
  stage_date: z.number().int().min(0).max(12),
  expire_limit: zFlag,
  exercOrder: zFlag,
  vaildBeginTime: zDateText,
  /** The fastest credited playback speed (shared/rules/playback-rate): 0 follows the school's. */
  maxRate: zCourseRate,
};

/** Some course settings: the ones given change, the others keep their values. */
export const zCourseSettingsPatch = z.object(courseSettingsFields).partial();

/**
 * Course settings (spec 3 'Course settings'), stored as JSON on the course. Defaults where the spec is silent:
 * everything off, leavetime 1 minute (spec 9: the idle default is 60000 ms), stage fields 0 = not staged,
 * vaildBeginTime '' = no start (used by validity ce_type 2, shared/rules/course-status).
 */
export const zCourseSettings = z.object({
  notAllowSkip: courseSettingsFields.notAllowSkip.default(false),
  plan_type: courseSettingsFields.plan_type.default(0),
  verify: courseSettingsFields.verify.default(false),
  signature: courseSettingsFields.signature.default(false),
  switchremind: courseSettingsFields.switchremind.default(false),
  leaveremind: courseSettingsFields.leaveremind.default(false),
  leavetime: courseSettingsFields.leavetime.default(1),
  stage_year: courseSettingsFields.stage_year.default(0),
  stage_date: courseSettingsFields.stage_date.default(0),
  expire_limit: courseSettingsFields.expire_limit.default(false),
  exercOrder: courseSettingsFields.exercOrder.default(false),
  vaildBeginTime: courseSettingsFields.vaildBeginTime.default(''),
  maxRate: courseSettingsFields.maxRate.default(0),
});
export type CourseSettings = z.output<typeof zCourseSettings>;

/** Course settings as replies carry them (flags normalised to booleans). */
export const zCourseSettingsOut = z.object({
  notAllowSkip: z.boolean(),
  plan_type: z.number(),
  verify: z.boolean(),
  signature: z.boolean(),
  switchremind: z.boolean(),
  leaveremind: z.boolean(),
  leavetime: z.number(),
  stage_year: z.number(),
  stage_date: z.number(),
  expire_limit: z.boolean(),
  exercOrder: z.boolean(),
  vaildBeginTime: z.string(),
  /** 0: the school's fastest credited speed; else 1, 1.25, 1.5 or 2. */
  maxRate: z.number(),
});
export type CourseSettingsOut = z.infer<typeof zCourseSettingsOut>;

/**
 * The editable fields of a course (course/new, course/save 'values'). ce_time is '' (permanent), a number
 * of days (ce_type 1) or an end date (ce_type 2); the combination is checked on save.
 * authentication_gid is a comma list of the school's group ids; '' or '0' allows every group.
 */
export const zCourseValues = z.object({
  title: zTitle,
  img: zImageUrl,
  catid: zId,
  type: zCourseType,
  level: z.number().int().min(0).max(2),
  label: z.number().int().min(0).max(9),
  actual: zYuan,
  price: zYuan,
  ce_type: z.number().int().min(0).max(2),
  ce_time: z.union([z.string().trim().max(30), z.number().int().min(0)]),
  authentication_gid: z
    .string()
    .trim()
    .max(2000)
    .regex(/^(\d{1,20}(,\d{1,20})*)?$/, 'must be a comma list of group ids'),
  order_rest: zFlag,
  private: zFlag,
  notes: z.string().max(2000),
  duration: z.number().int().min(0),
  /** Study credits earned on completing the course (shared/rules/study-credits): 0 to 99.9, 0 gives none. */
  credit: zCredit,
});
export type CourseValues = z.output<typeof zCourseValues>;

/** POST course/new {title, catid, type, ...}: catid '0' = no category. */
export const zNewCourse = zCourseValues.partial().extend({
  title: zTitle,
  catid: zId,
  type: zCourseType,
  keywords: z.string().trim().max(KEYWORDS_MAX).optional(),
  description: z.string().max(DESCRIPTION_MAX).optional(),
  settings: zCourseSettingsPatch.optional(),
});
export type NewCourse = z.output<typeof zNewCourse>;

/** POST course/save {coid, userid, values, keywords, description}: only the fields given change; userid is ignored (the session decides). */
export const zSaveCourse = z.object({
  coid: zId,
  userid: z.string().max(40).optional(),
  values: zCourseValues.partial().default({}),
  keywords: z.string().trim().max(KEYWORDS_MAX).optional(),
  description: z.string().max(DESCRIPTION_MAX).optional(),
});

/** A call about one course: {coid}. */
export const zCoid = z.object({ coid: zId });
/** POST course/delete {coids}: soft delete, all or nothing. */
export const zDeleteCourses = z.object({ coids: z.array(zId).min(1).max(PAGE_NUM_MAX) });
/** POST course/pub {coid, pub}: 1 publishes, 0 unpublishes (the spec's GET form answers 405). */
export const zPublishCourse = z.object({ coid: zId, pub: z.enum(['0', '1']) });
/** POST course/descr {coid, description}: rich text, sanitised on save. */
export const zCourseDescription = z.object({ coid: zId, description: z.string().max(DESCRIPTION_MAX) });
/** POST course/updateSet {coid, settings}: the given settings change, the others keep their values. */
export const zUpdateCourseSettings = z.object({ coid: zId, settings: zCourseSettingsPatch });
/** POST course/topClass {coid, top}: 1 pins above every pinned course, 0 unpins. */
export const zPinCourse = z.object({ coid: zId, top: zFlag });

/** POST getcourselist: the back office's course list of the admin's school (catid includes its subtree). */
export const zAdminCourseQuery = z.object({
  page: zPage,
  num: zNum,
  catid: zId.optional(),
  keyword: z.string().trim().max(KEYWORD_SEARCH_MAX).optional(),
  status: z.enum(['published', 'draft', 'all']).default('all'),
});

/** Catalogue sorts (spec 4): def, num (learners), time (creation). */
export const zSortField = z.enum(['def', 'num', 'time']);

/**
 * POST course/bycate, the named operation 'Get courses by category {page, num, catid, uid, keyword}':
 * catid '0' = all, otherwise the category and its whole subtree; keyword searches title and keywords;
 * sort def (pinned first, then count), num (learner count) or time (creation), asc for the direction.
 */
export const zCoursesByCategory = z.object({
  page: zPage,
  num: zNum,
  catid: zId.default('0'),
  uid: zSchoolRef,
  keyword: z.string().trim().max(KEYWORD_SEARCH_MAX).default(''),
  sort: zSortField.default('def'),
  asc: z.boolean().default(false),
});
export type CoursesByCategory = z.output<typeof zCoursesByCategory>;

/** POST course/search, the named operation 'Keyword search {keyword}' (uid = the page's school). */
export const zCourseSearch = z.object({
  uid: zSchoolRef,
  keyword: z.string().trim().min(1, 'is required').max(KEYWORD_SEARCH_MAX),
});

/** GET course/info/{id}, GET course/chapter/{id}: id is the coid or its encoded code. */
export const zCourseRef = z.object({ id: zCode });
/** GET course/graphic/{id}: the whole text of a graphic course, for those who may read it. */
export const zGraphicText = z.object({
  coid: zId,
  title: z.string(),
  description: z.string(),
  update_time: z.string(),
});
export type GraphicText = z.infer<typeof zGraphicText>;
/** GET watch/hot/{id}: id is the school's id or hashUID. */
export const zSchoolParam = z.object({ id: zSchoolRef });

/** POST collectcourse {uid, mid, coid, collect}: uid is the school of the page; mid is ignored (the session decides). */
export const zCollectCourse = z.object({
  uid: zSchoolRef,
  mid: z.string().max(40).optional(),
  coid: zId,
  collect: zFlag,
});
/** GET collect/status {coid}. */
export const zCollectStatusQuery = z.object({ coid: zId });
/** A bookmark state as the spec names it: collect 1 or 0. */
export const zCollectState = z.object({ collect: z.union([z.literal(0), z.literal(1)]) });

/**
 * A course as a card in lists (catalogue, home sections, columns, tags, hot courses).
 * Prices are yuan with two decimals (stored as fen); dates are 'yyyy-MM-dd HH:mm:ss' (spec 9).
 * count is the course's popularity (views); lcount its learner count (spec 3).
 */
export const zCourseCard = z.object({
  coid: z.string(),
  /** The encoded course id for URLs (/course/{code}). */
  code: z.string(),
  title: z.string(),
  img: z.string(),
  type: z.number().int(),
  level: z.number().int(),
  label: z.number().int(),
  actual: z.number(),
  price: z.number(),
  lcount: z.number().int(),
  count: z.number().int(),
  duration: z.number().int(),
  catid: z.string(),
  create_time: z.string(),
});
export type CourseCard = z.infer<typeof zCourseCard>;

/** A row of the back office's course list. */
export const zAdminCourseRow = zCourseCard.extend({
  /** Pinned order (0 = not pinned). */
  top: z.number().int(),
  published: z.boolean(),
  private: z.boolean(),
  keywords: z.string(),
  update_time: z.string(),
});
export type AdminCourseRow = z.infer<typeof zAdminCourseRow>;

/** course/bycate reply: one page of cards (courseData, an array) and the total. */
export const zCourseList = z.object({ courseData: z.array(zCourseCard), total: z.number().int() });
/** getcourselist reply. */
export const zAdminCourseList = z.object({ courseData: z.array(zAdminCourseRow), total: z.number().int() });
/** course/search reply: courses (an array). */
export const zSearchResult = z.object({ courses: z.array(zCourseCard) });
/** watch/hot/{id} reply: course (an array of up to 8 cards). */
export const zHotCourses = z.object({ course: z.array(zCourseCard) });
/** A course's id and URL code (course/new, course/save, course/copy). */
export const zCourseCreated = z.object({ coid: z.string(), code: z.string() });
/** course/delete reply: how many courses were deleted. */
export const zCoursesDeleted = z.object({ deleted: z.number() });
/** course/pub reply. */
export const zCoursePublished = z.object({ coid: z.string(), published: z.boolean() });
/** course/descr reply: the description as stored (sanitised). */
export const zCourseDescribed = z.object({ coid: z.string(), description: z.string() });
/** course/updateSet reply: every setting after the change. */
export const zCourseSettingsSaved = z.object({ coid: z.string(), settings: zCourseSettingsOut });
/** course/topClass reply: the pinned order (0 = not pinned). */
export const zCoursePinned = z.object({ coid: z.string(), top: z.number() });

/** The course as stored, for course/info: the same for every viewer (cached per school). */
export const zCourseBody = zCourseCard.extend({
  top: z.number().int(),
  description: z.string(),
  keywords: z.string(),
  notes: z.string(),
  ce_type: z.number().int(),
  ce_time: z.string(),
  /** settings.vaildBeginTime, repeated beside ce_time for the validity rules. */
  vaildBeginTime: z.string(),
  authentication_gid: z.string(),
  order_rest: z.boolean(),
  settings: zCourseSettingsOut,
  private: z.boolean(),
  published: z.boolean(),
  deleted: z.boolean(),
  /** A graphic/article course (type 4, spec 3 'graphic flag'). */
  graphic: z.boolean(),
  /** The school (owner, parent id) and its hashUID. */
  uid: z.string(),
  hashUID: z.string(),
  hasFreeChapter: z.boolean(),
  /** Students enrolled (free, bought, obtained, through a column or granted). */
  studyNum: z.number().int(),
  update_time: z.string(),
  /** The study credits completing the course earns (0: none; shared/rules/study-credits). */
  credit: z.number(),
});
export type CourseBody = z.infer<typeof zCourseBody>;

/** What course/info adds for the viewer (never cached across viewers). */
export const zCourseViewer = z.object({
  isbuy: z.boolean(),
  /** When the viewer bought or obtained it ('yyyy-MM-dd HH:mm:ss'), or ''. */
  buyDate: z.string(),
  isCollect: z.boolean(),
  /** Whether the viewer has a learning record. */
  hasRecord: z.boolean(),
  /** Course status 0-3 (spec 4), renewable flag and last valid instant (ms) from shared/rules/course-status. */
  courseStatus: z.number().int(),
  renew: z.boolean(),
  limitedDate: z.number().nullable(),
  /** Why the main action (buy, obtain, start a restricted course) is refused: noLogin, studentOnly, designatedGroup; null when allowed. */
  refusal: z.enum(['noLogin', 'studentOnly', 'designatedGroup']).nullable(),
  mainButton: z.object({ action: z.string(), disabled: z.boolean() }),
  /** The discount label in the viewer's locale (spec 4), or null. */
  discount: z.object({ tenths: z.number(), percentOff: z.number(), label: z.string() }).nullable(),
});
export type CourseViewer = z.infer<typeof zCourseViewer>;

/** GET course/info/{id} reply: the course and the viewer's fields. */
export const zCourseInfo = zCourseBody.extend(zCourseViewer.shape);
export type CourseInfo = z.infer<typeof zCourseInfo>;
