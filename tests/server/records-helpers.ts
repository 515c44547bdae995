/**
 * Helpers of the learning records' HTTP tests: a course with a video, a PDF, a graphic chapter and an
 * exercise, students with sessions (also a second live session, which a login would end), and heartbeats.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { SESSION_TTL_MS } from '../../shared/constants';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { zHeartbeatReply, type HeartbeatReply } from '../../shared/schemas/records';
import { hashToken } from '../../server/modules/auth/auth.service';
import { insertSession } from '../../server/modules/auth/sessions.repository';
import { ADMIN, buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import { envelope, injectAs } from '../helpers/kit';
import { attachResource, enrol, seedResource } from '../helpers/learning-factory';

export async function adminCookie(app: TestApp) {
  return (await login(app, { ...ADMIN, role: 'admin' })).cookie;
}

/** A call through the test kit, with its status and envelope read out. */
export async function call<T = Record<string, unknown>>(
  app: TestApp,
  method: 'GET' | 'POST',
  url: string,
  cookie: string,
  payload?: object,
) {
  const res = await injectAs(app, cookie).inject({ method, url, payload });
  return { status: res.statusCode, body: envelope<T>(res), res };
}

export async function okCall<T = Record<string, unknown>>(
  app: TestApp,
  method: 'GET' | 'POST',
  url: string,
  cookie: string,
  payload?: object,
): Promise<T> {
  const { status, body } = await call<T>(app, method, url, cookie, payload);
  expect(status, `${url} ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

export interface LearnCourse {
  coid: string;
  video: string;
  pdf: string;
  graphic: string;
  exercise: string;
  free: string;
}

/**
 * A published course (price 50 unless given): a free video chapter 'free' (30 s), a video chapter (600 s), a
 * PDF of 4 pages, a graphic chapter of 400 characters and an exercise.
 */
export async function learnCourse(
  app: TestApp,
  admin: string,
  values: Record<string, unknown> = {},
  settings: Record<string, unknown> = {},
  videoSeconds = 600,
): Promise<LearnCourse> {
  const schoolId = (await school(app)).id;
  const post = <T>(url: string, payload: object) => okCall<T>(app, 'POST', url, admin, payload);
  const { coid } = await post<{ coid: string }>('/course/new', {
    title: 'Records course',
    catid: '0',
    type: 0,
    actual: 50,
    ...values,
    settings,
  });
  const add = (title: string, type: number) =>
    post<{ cid: string }>('/chapter/add', { coid, parent_id: '0', title, type }).then((c) => c.cid);
  const free = await add('Trailer', CHAPTER_TYPE.video);
  const video = await add('Lesson video', CHAPTER_TYPE.video);
  const pdf = await add('Handout', CHAPTER_TYPE.document);
  const graphic = await add('Reading', CHAPTER_TYPE.imageText);
  const exercise = await add('Exercise', CHAPTER_TYPE.exercise);
  await post('/chapter/free', { cid: free, free: 1 });
  await post('/chapter/update', { cid: graphic, description: `<h3>第一节</h3><p>${'学'.repeat(400)}</p>` });
  const videoRid = await seedResource(app, {
    schoolId,
    kind: 'video',
    fileName: 'lesson.mp4',
    mime: 'video/mp4',
    source: Buffer.from('video'),
    duration: videoSeconds,
    outputs: { mp4: 'video.mp4' },
  });
  const trailerRid = await seedResource(app, {
    schoolId,
    kind: 'video',
    fileName: 'trailer.mp4',
    mime: 'video/mp4',
    source: Buffer.from('video'),
    duration: 30,
    outputs: { mp4: 'video.mp4' },
  });
  const pdfRid = await seedResource(app, {
    schoolId,
    kind: 'pdf',
    fileName: 'handout.pdf',
    mime: 'application/pdf',
    source: Buffer.from('%PDF-1.4'),
    outputs: { pages: 4 },
  });
  await attachResource(app, video, videoRid);
  await attachResource(app, free, trailerRid);
  await attachResource(app, pdf, pdfRid);
  await app.inject({ method: 'POST', url: '/course/pub', payload: { coid, pub: '1' }, headers: { cookie: admin } });
  return { coid, video, pdf, graphic, exercise, free };
}

/** A free graphic course (type 4) with a text of the given characters, published. */
export async function graphicCourse(
  app: TestApp,
  admin: string,
  values: Record<string, unknown> = {},
  chars = 200,
): Promise<string> {
  const { coid } = await okCall<{ coid: string }>(app, 'POST', '/course/new', admin, {
    title: 'Graphic course',
    catid: '0',
    type: 4,
    actual: 0,
    description: `<p>${'文'.repeat(chars)}</p>`,
    ...values,
  });
  await app.inject({ method: 'POST', url: '/course/pub', payload: { coid, pub: '1' }, headers: { cookie: admin } });
  return coid;
}

export async function signedInStudent(app: TestApp, overrides: Parameters<typeof buildStudent>[1] = {}) {
  const made = await buildStudent(app, overrides);
  return { ...made, cookie: (await login(app, made)).cookie };
}

/**
 * The records tests' starting point: an app on the given clock, the school's administrator, a learnCourse and a
 * signed-in student enrolled in it.
 */
export async function enrolledLearner(now: () => number, student: Parameters<typeof buildStudent>[1] = {}) {
  const app = await makeApp({}, { now });
  const admin = await adminCookie(app);
  const c = await learnCourse(app, admin);
  const s = await signedInStudent(app, student);
  await enrol(app, s.id, c.coid);
  return { app, admin, c, s };
}

/** A second live session of the same student (a login would end the first: one live session per student). */
export async function extraSession(app: TestApp, studentId: string, schoolIdGiven?: string): Promise<string> {
  const schoolId = schoolIdGiven ?? (await school(app)).id;
  const token = randomBytes(32).toString('base64url');
  const now = app.ctx.now();
  await insertSession(app.ctx.db, {
    tokenHash: hashToken(token),
    role: 'student',
    userId: studentId,
    schoolId,
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
    lastSeenAt: now,
  });
  return `y_main=${token}`;
}

/** Sends a heartbeat; returns the raw answer. */
export async function beat(app: TestApp, cookie: string, payload: Record<string, unknown>) {
  const res = await injectAs(app, cookie).post('/web/heartbeat', { play_type: 'play', pause: false, ...payload });
  return { status: res.statusCode, body: envelope<unknown>(res) };
}

/** Sends a heartbeat that must be taken, and returns the server's record. */
export async function okBeat(app: TestApp, cookie: string, payload: Record<string, unknown>): Promise<HeartbeatReply> {
  const { status, body } = await beat(app, cookie, payload);
  expect(status, JSON.stringify(body)).toBe(200);
  return zHeartbeatReply.parse(body.data);
}
