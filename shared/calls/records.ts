/**
 * Learning records (spec 7 Learning, Student-side and the named client operations). The student calls answer
 * the signed-in student's own records; the back-office calls need permission 'student' (learn/move: 'course')
 * and stay within the administrator's school. Replies are never cached. The heartbeat and watch/add are open to
 * anyone: the study rules decide (a free or preview course is studied unrecorded; 401 'invalid sid' for a lost
 * session). The records download (learn/export) is a file, not a declared call (server/modules/records/routes.ts).
 */
import * as s from '../schemas/records';
import * as x from '../schemas/exercise-records';
import * as e from '../schemas/exam-records';
import { defineCall } from '../contract';

const tags = ['learning records'];
const adminTags = ['learning records (back office)'];
const admin = { admin: 'student' } as const;

export const recordsCalls = {
  heartbeat: defineCall({
    method: 'POST',
    path: 'web/heartbeat',
    access: 'public',
    noStore: true,
    tags,
    summary:
      "Heartbeat (spec 3 'Heartbeat record'): every 16 s on study pages, 10 s in the graphic reader, a final pause " +
      'on leaving. The server decides what counts: time bounded by wall time per student, watched ranges, progress ' +
      "never backwards. 401 'invalid sid' when the session is not a valid student session; refused like learn/ware " +
      'when the chapter may not be studied.',
    body: s.zHeartbeat,
    reply: s.zHeartbeatReply,
  }),
  start: defineCall({
    method: 'POST',
    path: 'learn/start',
    access: 'student',
    noStore: true,
    tags,
    summary: "'Do learn {coid} before starting': the student becomes a learner of the course (counted in lcount).",
    body: s.zStartLearning,
    reply: s.zStartReply,
  }),
  record: defineCall({
    method: 'GET',
    path: 'learn/record',
    access: 'student',
    noStore: true,
    tags,
    summary:
      "'Get learn record by chapter id' (eff, watch_time, progress) and where to resume; zeros before any study.",
    query: s.zRecordQuery,
    reply: s.zLearnRecord,
  }),
  lastTime: defineCall({
    method: 'GET',
    path: 'learn/lasttimerecord',
    access: 'student',
    noStore: true,
    tags,
    summary: 'Where to continue a course: its last chapter and position; null before any study.',
    query: s.zCourseQuery,
    reply: s.zLastTimeRecord,
  }),
  info: defineCall({
    method: 'GET',
    path: 'learn/info',
    access: 'student',
    noStore: true,
    tags,
    summary: "The student's study of a course: percent, chapters complete, and each chapter's record.",
    query: s.zCourseQuery,
    reply: s.zCourseStudy,
  }),
  studentCourse: defineCall({
    method: 'POST',
    path: 'learn/stucourse',
    access: 'student',
    noStore: true,
    tags,
    summary:
      "'Update student course {uid, mid, coid, cid}': the chapter to continue at (uid and mid, when sent, must be " +
      "the session's).",
    body: s.zUpdateStudentCourse,
    reply: s.zStudentCourseReply,
  }),
  noLearn: defineCall({
    method: 'GET',
    path: 'course/nolearn',
    access: 'student',
    noStore: true,
    tags,
    summary: 'The courses the student has and has not begun.',
    reply: s.zNoLearnReply,
  }),
  exceeding: defineCall({
    method: 'GET',
    path: 'course/exceeding',
    access: 'student',
    noStore: true,
    tags,
    summary:
      "'Get exceeding courses {mid}': the student's courses with 0 to 10 days of validity left (spec 4 " +
      "'Almost-expiring').",
    query: s.zExceedingQuery,
    reply: s.zExceedingReply,
  }),
  addWatch: defineCall({
    method: 'POST',
    path: 'watch/add',
    access: 'public',
    noStore: true,
    tags,
    summary:
      "'Add watch record': one per viewer, course and day; none for administrators (the school owner). Each new " +
      'one counts toward hot courses.',
    body: s.zAddWatch,
    reply: s.zAddWatchReply,
  }),
  watchList: defineCall({
    method: 'GET',
    path: 'watch/list',
    // A student reads their own; an administrator needs permission 'student' (checked in the handler).
    access: 'signedIn',
    noStore: true,
    tags,
    summary:
      "Watch records: a student's own; an administrator's (permission student) school's, by course (coid) or " +
      'student (sid).',
    query: s.zWatchListQuery,
    reply: s.zWatchList,
  }),

  // ---- back office ----
  courseLearners: defineCall({
    method: 'GET',
    path: 'learn/getlist',
    access: admin,
    noStore: true,
    tags: adminTags,
    summary: "A course's learners with progress, time and last visit (key filters by name).",
    query: s.zCourseLearnersQuery,
    reply: s.zCourseLearners,
  }),
  studentCourses: defineCall({
    method: 'GET',
    path: 'learn/getlistbystudent',
    access: admin,
    noStore: true,
    tags: adminTags,
    summary: 'The courses a student studies, latest visit first.',
    query: s.zStudentCoursesQuery,
    reply: s.zStudentCourses,
  }),
  studentDetail: defineCall({
    method: 'GET',
    path: 'learn/detailbystudent',
    access: admin,
    noStore: true,
    tags: adminTags,
    summary: "A student's record of every chapter of a course.",
    query: s.zStudentDetailQuery,
    reply: s.zStudentDetail,
  }),
  allRecords: defineCall({
    method: 'GET',
    path: 'learn/allrecord',
    access: admin,
    noStore: true,
    tags: adminTags,
    summary: 'Every chapter record of the school, newest first (coid, sid, from/to on the last update).',
    query: s.zAllRecordsQuery,
    reply: s.zAllRecords,
  }),
  studentRecord: defineCall({
    method: 'GET',
    path: 'learn/studentrecord',
    access: admin,
    noStore: true,
    tags: adminTags,
    summary: "A student's study in sum.",
    query: s.zStudentRecordQuery,
    reply: s.zStudentRecord,
  }),
  chapterStudyTimes: defineCall({
    method: 'GET',
    path: 'learn/getchapterstudytime',
    access: admin,
    noStore: true,
    tags: adminTags,
    summary: 'Per chapter of a course: learners, completions, total and average study time.',
    query: s.zCourseQuery,
    reply: s.zChapterStudyTimes,
  }),
  move: defineCall({
    method: 'POST',
    path: 'learn/move',
    access: { admin: 'course' },
    noStore: true,
    tags: adminTags,
    summary:
      "Moves a chapter's records to another chapter of the course, merging where a student has both (permission " +
      'course).',
    body: s.zMoveRecords,
    reply: s.zCountReply,
  }),
  deleteProgress: defineCall({
    method: 'POST',
    path: 'learn/process/deleted',
    access: admin,
    noStore: true,
    tags: adminTags,
    summary: "Deletes a student's progress in a course (its course record too) or in one chapter.",
    body: s.zDeleteProgress,
    reply: s.zCountReply,
  }),
  updateRecord: defineCall({
    method: 'POST',
    path: 'learn/record/update',
    access: admin,
    noStore: true,
    tags: adminTags,
    summary:
      'The staged review (verify_status 1 approve, 2 reject), a stage passed, or progress raised (never lowered).',
    body: s.zUpdateRecord,
    reply: s.zLearnRecord,
  }),
  students: defineCall({
    method: 'GET',
    path: 'learn/students',
    access: admin,
    noStore: true,
    tags: adminTags,
    summary:
      "The school's students with their study in sum, latest visit first (key filters by name or login): the " +
      "'by student' screen.",
    query: s.zStudentSearchQuery,
    reply: s.zStudentSearch,
  }),
  exercises: defineCall({
    method: 'GET',
    path: 'learn/exercises',
    access: admin,
    noStore: true,
    tags: adminTags,
    summary:
      "A course's chapter exercise results: each student's per chapter (answered, right, waiting for a mark, " +
      "score, attempts; only the student with sid) and each question's statistics (answered, right, the common " +
      'wrong choices).',
    query: x.zExerciseRecordsQuery,
    reply: x.zExerciseRecords,
  }),
  exams: defineCall({
    method: 'GET',
    path: 'learn/exams',
    access: admin,
    noStore: true,
    tags: adminTags,
    summary:
      "A course's chapter exam results beside its exercise results: per exam on a chapter (an exam chapter or a " +
      "stage's exam) its full and pass marks and totals (students who sat, passed, pass rate, average best " +
      "score), and each student's submitted sittings in sum (count, best, last, passed, last sat); cid: one " +
      "chapter's, sid: one student's. A sub-admin limited to categories sees only their courses (404 otherwise).",
    query: e.zExamRecordsQuery,
    reply: e.zExamRecords,
  }),
  reviewList: defineCall({
    method: 'GET',
    path: 'learn/review/list',
    access: admin,
    noStore: true,
    tags: adminTags,
    summary:
      "The staged review queue (spec 4 'Next chapter flow': done but not verified, review in the back office): " +
      'each learner and stage (top-level chapter) of a course with verify on whose lessons are all at progress 1, ' +
      'by state (pending 0, approved 1, rejected 2; pending by default).',
    query: s.zReviewListQuery,
    reply: s.zReviewList,
  }),
  review: defineCall({
    method: 'POST',
    path: 'learn/review',
    access: admin,
    noStore: true,
    tags: adminTags,
    summary:
      "Approves (verify_status 1) or rejects (2) a stage the student has studied, through learn/record/update's " +
      "write; 400 'not a stage', 409 'stage not studied'.",
    body: s.zReviewDecision,
    reply: s.zReviewReply,
  }),
};
