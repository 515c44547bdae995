/**
 * The tests' one factories module: `buildX(app, overrides)` writes a row with sensible defaults and returns what the
 * test needs (an id, or the credentials to log in). HTTP tests build their fixtures here instead of inserting into
 * db/schema themselves, so a schema change is mended in one place.
 */
import {
  adminGroups,
  chapters,
  comments,
  courses,
  examCategories,
  files,
  learnDays,
  learnRecords,
  mediaJobs,
  planAssignments,
  resources,
  signatures,
  studentFields,
  watchRecords,
} from '../../server/db/schema';
import { buildSubAdmin, school, type TestApp } from './app';

export { buildStudent, buildSubAdmin, login, makeApp, school, ADMIN, type TestApp } from './app';
export { seedChapterExercises, seedExam, seedPaper, seedQuestion } from './exam-factory';
export { attachResource, enrol, makeAudio, makeImage, makePdf, makeSlides, seedResource } from './learning-factory';
export { seedPendingExerciseAnswer, seedSitting } from './sitting-factory';

/** A sub-admin of the first school holding the given permission groups (none unless given). */
export function buildAdmin(
  app: TestApp,
  overrides: { permissions?: string[]; username?: string; password?: string } = {},
) {
  const { permissions = [], ...rest } = overrides;
  return buildSubAdmin(app, permissions, rest);
}

/** A published course of the first school; returns its id. */
export async function buildCourse(app: TestApp, overrides: Partial<typeof courses.$inferInsert> = {}): Promise<string> {
  const id = overrides.id ?? app.ctx.ids.next();
  const at = overrides.createdAt ?? 1;
  await app.ctx.db.insert(courses).values({
    id,
    schoolId: (await school(app)).id,
    title: `course ${id.slice(-5)}`,
    published: true,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  });
  return id;
}

/** A chapter (a heading unless the type is given) at the top of a course; returns its id. */
export async function buildChapter(
  app: TestApp,
  overrides: Partial<typeof chapters.$inferInsert> & { courseId: string },
): Promise<string> {
  const id = overrides.id ?? app.ctx.ids.next();
  await app.ctx.db
    .insert(chapters)
    .values({ id, title: `chapter ${id.slice(-5)}`, createdAt: app.ctx.now(), ...overrides });
  return id;
}

/** A custom student field of the first school (text unless given); returns its id. */
export async function buildStudentField(
  app: TestApp,
  overrides: Partial<typeof studentFields.$inferInsert> = {},
): Promise<string> {
  const id = overrides.id ?? app.ctx.ids.next();
  await app.ctx.db.insert(studentFields).values({
    id,
    schoolId: (await school(app)).id,
    name: `field ${id.slice(-5)}`,
    kind: 'text',
    options: '[]',
    required: false,
    position: 0,
    createdAt: 1,
    ...overrides,
  });
  return id;
}

/** A study-plan assignment of a course to a student or a group, made by the school's main admin. */
export async function buildPlanAssignment(
  app: TestApp,
  overrides: Partial<typeof planAssignments.$inferInsert> &
    Pick<typeof planAssignments.$inferInsert, 'courseId' | 'targetType' | 'targetId'>,
): Promise<void> {
  const schoolId = overrides.schoolId ?? (await school(app)).id;
  await app.ctx.db
    .insert(planAssignments)
    .values({ schoolId, assignedBy: schoolId, createdAt: app.ctx.now(), ...overrides });
}

/** A stored-file row (the bytes are the caller's to write at its key); returns its id. */
export async function buildFile(
  app: TestApp,
  overrides: Partial<typeof files.$inferInsert> & Pick<typeof files.$inferInsert, 'key'>,
): Promise<string> {
  const id = overrides.id ?? app.ctx.ids.next();
  await app.ctx.db.insert(files).values({
    id,
    schoolId: (await school(app)).id,
    originalName: 'file',
    mime: 'application/octet-stream',
    ext: 'BIN',
    size: 0,
    visibility: 'private',
    uploadedBy: 'admin:1',
    createdAt: 1,
    ...overrides,
  });
  return id;
}

/** A library resource over a stored file (a video unless the kind is given); returns its id. */
export async function buildResource(
  app: TestApp,
  overrides: Partial<typeof resources.$inferInsert> & Pick<typeof resources.$inferInsert, 'fileId'>,
): Promise<string> {
  const id = overrides.id ?? app.ctx.ids.next();
  await app.ctx.db.insert(resources).values({
    id,
    schoolId: (await school(app)).id,
    title: 'r',
    kind: 'video',
    createdBy: 'admin:1',
    createdAt: 1,
    updatedAt: 1,
    ...overrides,
  });
  return id;
}

/** An administrators' group of the first school (for sub-admins to belong to); returns its id. */
export async function buildAdminGroup(
  app: TestApp,
  overrides: Partial<typeof adminGroups.$inferInsert> = {},
): Promise<string> {
  const id = overrides.id ?? app.ctx.ids.next();
  await app.ctx.db.insert(adminGroups).values({
    id,
    schoolId: (await school(app)).id,
    parentId: null,
    name: `group ${id.slice(-5)}`,
    position: 0,
    createdAt: Date.now(),
    ...overrides,
  });
  return id;
}

/** A student's comment on a course (at the course, not a chapter, unless given); returns its id. */
export async function buildComment(
  app: TestApp,
  overrides: Partial<typeof comments.$inferInsert> & Pick<typeof comments.$inferInsert, 'courseId' | 'authorId'>,
): Promise<string> {
  const id = overrides.id ?? app.ctx.ids.next();
  await app.ctx.db.insert(comments).values({
    id,
    schoolId: (await school(app)).id,
    authorRole: 'student',
    authorName: 'S',
    text: `comment ${id.slice(-5)}`,
    createdAt: Date.now(),
    ...overrides,
  });
  return id;
}

/** A student's signature on a course over a stored image file (see buildFile); returns its id. */
export async function buildSignature(
  app: TestApp,
  overrides: Partial<typeof signatures.$inferInsert> &
    Pick<typeof signatures.$inferInsert, 'studentId' | 'courseId' | 'fileId'>,
): Promise<string> {
  const id = overrides.id ?? app.ctx.ids.next();
  await app.ctx.db
    .insert(signatures)
    .values({ id, schoolId: (await school(app)).id, createdAt: Date.now(), ...overrides });
  return id;
}

/** An exam category of the first school; returns its id. */
export async function buildExamCategory(
  app: TestApp,
  overrides: Partial<typeof examCategories.$inferInsert> = {},
): Promise<string> {
  const id = overrides.id ?? app.ctx.ids.next();
  await app.ctx.db.insert(examCategories).values({
    id,
    schoolId: (await school(app)).id,
    title: `category ${id.slice(-5)}`,
    position: 0,
    createdAt: Date.now(),
    ...overrides,
  });
  return id;
}

/** A conversion job of a resource (an image job, queued, unless given); returns its id. */
export async function buildMediaJob(
  app: TestApp,
  overrides: Partial<typeof mediaJobs.$inferInsert> & Pick<typeof mediaJobs.$inferInsert, 'resourceId'>,
): Promise<string> {
  const id = overrides.id ?? app.ctx.ids.next();
  await app.ctx.db
    .insert(mediaJobs)
    .values({ id, task: 'image', state: 'queued', createdAt: Date.now(), ...overrides });
  return id;
}

/** A student's learn record of a chapter ('0': the course itself unless given), as the heartbeat engine writes it. */
export async function buildLearnRecord(
  app: TestApp,
  overrides: Partial<typeof learnRecords.$inferInsert> &
    Pick<typeof learnRecords.$inferInsert, 'studentId' | 'courseId'>,
): Promise<void> {
  const at = overrides.startedAt ?? Date.now();
  await app.ctx.db
    .insert(learnRecords)
    .values({ chapterId: '0', schoolId: (await school(app)).id, startedAt: at, updatedAt: at, ...overrides });
}

/** A student's credited study time on one day (yyyy-MM-dd), as the heartbeat engine adds it up. */
export async function buildLearnDay(
  app: TestApp,
  overrides: Partial<typeof learnDays.$inferInsert> & Pick<typeof learnDays.$inferInsert, 'studentId' | 'day'>,
): Promise<void> {
  await app.ctx.db.insert(learnDays).values({ schoolId: (await school(app)).id, effMs: 0, ...overrides });
}

/** A viewer's watch record of a course on one day (yyyy-MM-dd); returns its id. */
export async function buildWatchRecord(
  app: TestApp,
  overrides: Partial<typeof watchRecords.$inferInsert> &
    Pick<typeof watchRecords.$inferInsert, 'courseId' | 'viewer' | 'day'>,
): Promise<string> {
  const id = overrides.id ?? app.ctx.ids.next();
  await app.ctx.db
    .insert(watchRecords)
    .values({ id, schoolId: (await school(app)).id, name: 'x', watchTime: 1, ...overrides });
  return id;
}

export { makeVideo, videoSourceArgs, type VideoOptions } from './media';
/** A video converted as the media jobs do (HLS, faststart MP4, poster, subtitle): the folder a learner is served. */
export { makeVideo as makeServedVideo } from './learning-factory';
