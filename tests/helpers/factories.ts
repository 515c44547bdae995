/**
 * The tests' one factories module: `buildX(app, overrides)` writes a row with sensible defaults and returns what the
 * test needs (an id, or the credentials to log in). HTTP tests build their fixtures here instead of inserting into
 * db/schema themselves, so a schema change is mended in one place.
 */
import { chapters, courses, files, planAssignments, resources, studentFields } from '../../server/db/schema';
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
export function buildCourse(app: TestApp, overrides: Partial<typeof courses.$inferInsert> = {}): string {
  const id = overrides.id ?? app.ctx.ids.next();
  const at = overrides.createdAt ?? 1;
  app.ctx.db
    .insert(courses)
    .values({
      id,
      schoolId: school(app).id,
      title: `course ${id.slice(-5)}`,
      published: true,
      createdAt: at,
      updatedAt: at,
      ...overrides,
    })
    .run();
  return id;
}

/** A chapter (a heading unless the type is given) at the top of a course; returns its id. */
export function buildChapter(
  app: TestApp,
  overrides: Partial<typeof chapters.$inferInsert> & { courseId: string },
): string {
  const id = overrides.id ?? app.ctx.ids.next();
  app.ctx.db
    .insert(chapters)
    .values({ id, title: `chapter ${id.slice(-5)}`, createdAt: app.ctx.now(), ...overrides })
    .run();
  return id;
}

/** A custom student field of the first school (text unless given); returns its id. */
export function buildStudentField(app: TestApp, overrides: Partial<typeof studentFields.$inferInsert> = {}): string {
  const id = overrides.id ?? app.ctx.ids.next();
  app.ctx.db
    .insert(studentFields)
    .values({
      id,
      schoolId: school(app).id,
      name: `field ${id.slice(-5)}`,
      kind: 'text',
      options: '[]',
      required: false,
      position: 0,
      createdAt: 1,
      ...overrides,
    })
    .run();
  return id;
}

/** A study-plan assignment of a course to a student or a group, made by the school's main admin. */
export function buildPlanAssignment(
  app: TestApp,
  overrides: Partial<typeof planAssignments.$inferInsert> &
    Pick<typeof planAssignments.$inferInsert, 'courseId' | 'targetType' | 'targetId'>,
): void {
  const schoolId = overrides.schoolId ?? school(app).id;
  app.ctx.db
    .insert(planAssignments)
    .values({ schoolId, assignedBy: schoolId, createdAt: app.ctx.now(), ...overrides })
    .run();
}

/** A stored-file row (the bytes are the caller's to write at its key); returns its id. */
export function buildFile(
  app: TestApp,
  overrides: Partial<typeof files.$inferInsert> & Pick<typeof files.$inferInsert, 'key'>,
): string {
  const id = overrides.id ?? app.ctx.ids.next();
  app.ctx.db
    .insert(files)
    .values({
      id,
      schoolId: school(app).id,
      originalName: 'file',
      mime: 'application/octet-stream',
      ext: 'BIN',
      size: 0,
      visibility: 'private',
      uploadedBy: 'admin:1',
      createdAt: 1,
      ...overrides,
    })
    .run();
  return id;
}

/** A library resource over a stored file (a video unless the kind is given); returns its id. */
export function buildResource(
  app: TestApp,
  overrides: Partial<typeof resources.$inferInsert> & Pick<typeof resources.$inferInsert, 'fileId'>,
): string {
  const id = overrides.id ?? app.ctx.ids.next();
  app.ctx.db
    .insert(resources)
    .values({
      id,
      schoolId: school(app).id,
      title: 'r',
      kind: 'video',
      createdBy: 'admin:1',
      createdAt: 1,
      updatedAt: 1,
      ...overrides,
    })
    .run();
  return id;
}

export { makeVideo, videoSourceArgs, type VideoOptions } from './media';
/** A video converted as the media jobs do (HLS, faststart MP4, poster, subtitle): the folder a learner is served. */
export { makeVideo as makeServedVideo } from './learning-factory';
