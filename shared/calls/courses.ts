/**
 * Course calls (spec 7 Courses, the named client operations for courses, hot courses and bookmarks): the back
 * office's course list and editor (permission course; the service also checks that the administrator may manage
 * every course touched), the public catalogue reads (cached per school, ETag and 304) and the student's bookmarks.
 * The spec's GET course/pub stays a plain route that only answers 405 (server/modules/courses/routes.ts).
 */
import * as s from '../schemas/courses';
import { defineCall } from '../contract';

const tags = ['courses'];
const admin = { access: { admin: 'course' }, tags } as const;

export const PUB_SUMMARY =
  'Publishes (pub 1) or unpublishes (pub 0) a course {coid, pub}. ' +
  'The spec names GET course/pub: here the change is POST';

export const courseCalls = {
  adminList: defineCall({
    ...admin,
    method: 'POST',
    path: 'getcourselist',
    summary: "The school's courses, filtered (category subtree, keyword, status) and paged.",
    body: s.zAdminCourseQuery,
    reply: s.zAdminCourseList,
  }),
  create: defineCall({
    ...admin,
    method: 'POST',
    path: 'course/new',
    summary: "A draft course in the administrator's school; catid '0' = no category.",
    body: s.zNewCourse,
    reply: s.zCourseCreated,
  }),
  save: defineCall({
    ...admin,
    method: 'POST',
    path: 'course/save',
    summary: 'Saves the values, keywords and description given (the others keep theirs).',
    body: s.zSaveCourse,
    reply: s.zCourseCreated,
  }),
  remove: defineCall({
    ...admin,
    method: 'POST',
    path: 'course/delete',
    summary: 'Deletes the courses given (soft), all or nothing.',
    body: s.zDeleteCourses,
    reply: s.zCoursesDeleted,
  }),
  copy: defineCall({
    ...admin,
    method: 'POST',
    path: 'course/copy',
    summary: 'A draft copy of a course with its chapters.',
    body: s.zCoid,
    reply: s.zCourseCreated,
  }),
  // A change by GET would let a link on any site publish for a signed-in admin (SameSite=Lax cookies ride
  // along), so the change is POST.
  publish: defineCall({
    ...admin,
    method: 'POST',
    path: 'course/pub',
    summary: `${PUB_SUMMARY}.`,
    body: s.zPublishCourse,
    reply: s.zCoursePublished,
  }),
  describe: defineCall({
    ...admin,
    method: 'POST',
    path: 'course/descr',
    summary: "Replaces the course's description (rich text, sanitised on save).",
    body: s.zCourseDescription,
    reply: s.zCourseDescribed,
  }),
  updateSettings: defineCall({
    ...admin,
    method: 'POST',
    path: 'course/updateSet',
    summary: 'Changes the settings given; the others keep their values.',
    body: s.zUpdateCourseSettings,
    reply: s.zCourseSettingsSaved,
  }),
  pin: defineCall({
    ...admin,
    method: 'POST',
    path: 'course/topClass',
    summary: 'Pins a course above every pinned course (top 1), or unpins it (top 0).',
    body: s.zPinCourse,
    reply: s.zCoursePinned,
  }),
  // Public reads: the course is cached per school; the viewer's own fields are computed per request.
  info: defineCall({
    method: 'GET',
    path: 'course/info/:id',
    access: 'public',
    tags,
    summary:
      "A course (id: its coid or code) and the viewer's fields; drafts only for its administrators, 404 " +
      "'course removed' with {uid, hashUID} when taken down. 304 on If-None-Match.",
    params: s.zCourseRef,
    reply: s.zCourseInfo,
  }),
  graphic: defineCall({
    method: 'GET',
    path: 'course/graphic/:id',
    access: 'public',
    tags,
    summary: 'The whole text of a graphic course (a paid one only for its owners; the service decides).',
    params: s.zCourseRef,
    reply: s.zGraphicText,
    noStore: true,
  }),
  byCategory: defineCall({
    method: 'POST',
    path: 'course/bycate',
    access: 'public',
    tags,
    summary:
      "Get courses by category {page, num, catid, uid, keyword} (spec 7): catid '0' = all, else the category's " +
      'subtree; sort def (pinned first), num or time. Cached; 304 on If-None-Match.',
    body: s.zCoursesByCategory,
    reply: s.zCourseList,
  }),
  search: defineCall({
    method: 'POST',
    path: 'course/search',
    access: 'public',
    tags,
    summary: "Keyword search {keyword} (spec 7) in the page's school (uid). Cached; 304 on If-None-Match.",
    body: s.zCourseSearch,
    reply: s.zSearchResult,
  }),
  hot: defineCall({
    method: 'GET',
    path: 'watch/hot/:id',
    access: 'public',
    tags,
    summary: "The school's hot courses (up to 8; id is the school's id or hashUID). Cached; 304 on If-None-Match.",
    params: s.zSchoolParam,
    reply: s.zHotCourses,
  }),
  collect: defineCall({
    method: 'POST',
    path: 'collectcourse',
    access: 'student',
    tags,
    summary: 'Bookmarks a course (collect 1) or removes the bookmark (collect 0); students only.',
    body: s.zCollectCourse,
    reply: s.zCollectState,
  }),
  // Public: a guest or an administrator is answered collect 0.
  collectStatus: defineCall({
    method: 'GET',
    path: 'collect/status',
    access: 'public',
    tags,
    summary: 'Whether the viewer bookmarked the course (collect 1 or 0; 0 for anyone but a student).',
    query: s.zCollectStatusQuery,
    reply: s.zCollectState,
  }),
};
