/**
 * A student's private notes (GET notes, notes/add, notes/edit, notes/delete, the export). Only the student's
 * own: another student's or school's note id is 404. A note is added on a chapter the student may study (the
 * access policy's openStudy); the text is cleaned plain text of at most NOTE_MAX characters.
 */
import type { Locale } from '../../../shared/constants';
import { learnLetter } from '../../../shared/schemas/chapters';
import { NOTE_MAX, sortNotes, videoSecond } from '../../../shared/rules/qa-notes';
import { NOTE_RATE, QA_ERRORS, type NewNote, type Note, type UpdateNote } from '../../../shared/schemas/qa';
import type { AppContext } from '../../context';
import { notFound, tooMany } from '../../lib/errors';
import { courseIdOf, openStudy } from '../courses/course-visibility';
import { cleanText } from '../qa/qa.service';
import * as repo from './notes.repository';

type Student = { userId: string; schoolId: string };

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A note as the lists show it. */
function toNote(ctx: AppContext, row: repo.NoteView): Note {
  return {
    nid: row.id,
    coid: row.courseId,
    code: ctx.courseCodec.encode(row.courseId),
    courseTitle: row.courseTitle,
    cid: row.chapterId,
    chapterTitle: row.chapterTitle ?? '',
    learnType: row.chapterType === null ? '' : learnLetter(row.chapterType),
    body: row.body,
    videoTime: row.videoTime,
    page: row.page,
    created: seconds(row.createdAt),
    updated: seconds(row.updatedAt),
  };
}

/** The student's notes, in reading order (shared/rules/qa-notes sortNotes). */
export async function myNoteViews(
  ctx: AppContext,
  student: Student,
  filter: { coid?: string; cid?: string },
): Promise<repo.NoteView[]> {
  let courseId: string | undefined;
  if (filter.coid) {
    const id = courseIdOf(ctx, filter.coid);
    if (!id) throw notFound();
    courseId = id;
  }
  const rows = await repo.studentNotes(ctx.db, student.userId, { courseId, chapterId: filter.cid });
  return sortNotes(rows.map((row) => ({ ...row, coid: row.courseId, cid: row.chapterId })));
}

/** GET notes. */
export async function myNotes(
  ctx: AppContext,
  student: Student,
  filter: { coid?: string; cid?: string },
): Promise<{ list: Note[] }> {
  return { list: (await myNoteViews(ctx, student, filter)).map((row) => toNote(ctx, row)) };
}

async function noteReply(ctx: AppContext, student: Student, id: string): Promise<Note> {
  const row = await repo.findOwnNote(ctx.db, student.userId, id);
  if (!row) throw notFound(QA_ERRORS.noteNotFound);
  const view = await repo.studentNotes(ctx.db, student.userId, { courseId: row.courseId, chapterId: row.chapterId });
  const found = view.find((note) => note.id === id);
  if (!found) throw notFound(QA_ERRORS.noteNotFound);
  return toNote(ctx, found);
}

async function throttle(ctx: AppContext, student: Student, now: number): Promise<void> {
  if ((await repo.countWrittenSince(ctx.db, student.userId, now - NOTE_RATE.windowMs)) >= NOTE_RATE.perMinute) {
    throw tooMany(Math.ceil(NOTE_RATE.windowMs / 1000));
  }
}

/** POST notes/add: on a chapter the student may study now (else the access policy's refusal). */
export async function addNote(
  ctx: AppContext,
  student: Student & { role: 'student' },
  input: NewNote,
  locale: Locale,
): Promise<Note> {
  const { course, chapter } = await openStudy(
    ctx,
    { ...student, role: 'student', tokenHash: '' },
    input.coid,
    input.cid,
  );
  const body = cleanText(input.body, 'body', locale, NOTE_MAX);
  const now = ctx.now();
  await throttle(ctx, student, now);
  const id = ctx.ids.next();
  await repo.insertNote(ctx.db, {
    id,
    schoolId: course.head.schoolId,
    studentId: student.userId,
    courseId: course.head.id,
    chapterId: chapter.id,
    body,
    videoTime: videoSecond(input.videoTime),
    page: input.page ?? null,
    createdAt: now,
    updatedAt: now,
  });
  return await noteReply(ctx, student, id);
}

/** POST notes/edit: the body, and the time or page when given. */
export async function editNote(ctx: AppContext, student: Student, input: UpdateNote, locale: Locale): Promise<Note> {
  const row = await repo.findOwnNote(ctx.db, student.userId, input.nid);
  if (!row) throw notFound(QA_ERRORS.noteNotFound);
  const body = cleanText(input.body, 'body', locale, NOTE_MAX);
  const now = ctx.now();
  await throttle(ctx, student, now);
  const videoTime = input.videoTime === undefined ? row.videoTime : videoSecond(input.videoTime);
  const page = input.page === undefined ? row.page : input.page;
  await repo.updateNote(ctx.db, row.id, {
    body,
    updatedAt: now,
    videoTime,
    // A note points at a time or a page: a new time clears the page and the other way round.
    page: input.videoTime != null ? null : page,
    ...(input.page != null ? { videoTime: null } : {}),
  });
  return await noteReply(ctx, student, row.id);
}

/** POST notes/delete (the spec's DELETE notes). */
export async function deleteNote(ctx: AppContext, student: Student, nid: string): Promise<{ deleted: number }> {
  const deleted = await repo.deleteOwnNote(ctx.db, student.userId, nid);
  if (!deleted) throw notFound(QA_ERRORS.noteNotFound);
  return { deleted };
}
