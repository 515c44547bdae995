/**
 * The records engine answers a change only once its group commit is written: a commit the database refuses
 * is answered 503 and leaves nothing (the client sends it again), a commit made inside a direct writer's
 * transaction waits until that transaction is over, and learn/start and learn/stucourse are written before
 * they answer (another connection sees them).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { zHeartbeat } from '../../shared/schemas/records';
import { students } from '../../server/db/schema';
import { hashToken } from '../../server/modules/auth/auth.service';
import { heartbeat } from '../../server/modules/records/heartbeat.service';
import { recordsStore } from '../../server/modules/records/records.store';
import { makeApp, type TestApp } from '../helpers/app';
import { enrol } from '../helpers/learning-factory';
import { adminCookie, beat, learnCourse, okBeat, okCall, signedInStudent, type LearnCourse } from './records-helpers';

const S = 1000;

describe('records: a change is answered once it is written (group commit)', () => {
  let dir: string;
  let app: TestApp;
  let clock: number;
  let c: LearnCourse;
  let outside: Database.Database;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-commit-'));
    const file = path.join(dir, 'db.sqlite');
    clock = Date.now();
    app = await makeApp({ DATABASE_FILE: file }, { now: () => clock });
    c = await learnCourse(app, await adminCookie(app));
    outside = new Database(file, { readonly: true });
  });
  afterEach(async () => {
    outside.close();
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const learner = async () => {
    const student = await signedInStudent(app);
    await enrol(app, student.id, c.coid);
    return student;
  };
  const stored = (studentId: string) =>
    outside
      .prepare('select eff_ms as eff, position from learn_records where student_id = ? and chapter_id = ?')
      .get(studentId, c.video);

  it('a refused commit answers 503 and keeps nothing; the rest of the round is taken; the next try is', async () => {
    const refused = await learner();
    const other = await learner();
    const video = (position: number) => ({ coid: c.coid, cid: c.video, start_ts: 1, position });
    await okBeat(app, refused.cookie, video(0));
    await okBeat(app, other.cookie, video(0));
    // The database refuses this student's learn record from now on.
    app.ctx.sqlite!.exec(`create temp trigger refuse before update on main.learn_records
      when new.student_id = '${refused.id}' begin select raise(abort, 'refused'); end`);
    clock += 16 * S;
    const [no, yes] = await Promise.all([beat(app, refused.cookie, video(16)), beat(app, other.cookie, video(16))]);
    expect(no.status).toBe(503);
    expect(no.body.error).toBe('server error');
    expect(yes.status).toBe(200);
    expect(stored(refused.id)).toEqual({ eff: 0, position: 0 });
    expect(stored(other.id)).toEqual({ eff: 16_000, position: 16 });
    // Nothing of the refused heartbeat stayed in memory either: sent again, it counts as it would have.
    app.ctx.sqlite!.exec('drop trigger temp.refuse');
    clock += S;
    const again = await okBeat(app, refused.cookie, video(17));
    expect(again).toMatchObject({ eff: 17, position: 17, watch_time: 17 });
    expect(stored(refused.id)).toEqual({ eff: 17_000, position: 17 });
  });

  /** Sends the student's heartbeats of the video at a position, as the route does (straight to the service). */
  const sender = (student: Awaited<ReturnType<typeof learner>>) => {
    const tokenHash = hashToken(student.cookie.slice('y_main='.length));
    const auth = { role: 'student', schoolId: student.schoolId, userId: student.id, tokenHash } as const;
    return (position: number) =>
      heartbeat(app.ctx, auth, zHeartbeat.parse({ coid: c.coid, cid: c.video, start_ts: 1, position }));
  };

  it("a commit in a direct writer's transaction is answered when that commits, refused when it rolls back", async () => {
    const student = await learner();
    const send = sender(student);
    await send(0);
    // The heartbeat waits for the round's end; a reader inside a transaction writes it there, and the
    // transaction rolls back.
    clock += 16 * S;
    const lost = send(16);
    // The heartbeat reads before it changes anything, and those reads would wait for an open transaction: the
    // transaction opens in the next turn of the event loop, once the heartbeat's change waits for the round's
    // end (this immediate is queued before the round's).
    await new Promise((resolve) => setImmediate(resolve));
    const rollBack = async () =>
      await app.ctx.db.transaction(async () => {
        await recordsStore(app.ctx).courseRecord(student.id, c.coid);
        throw new Error('rolled back');
      });
    await expect(rollBack()).rejects.toThrow('rolled back');
    await expect(lost).rejects.toMatchObject({ statusCode: 503 });
    expect(stored(student.id)).toEqual({ eff: 0, position: 0 });
    // The same inside a transaction that commits: answered, and written.
    clock += S;
    const kept = send(17);
    await new Promise((resolve) => setImmediate(resolve));
    await app.ctx.db.transaction(() => recordsStore(app.ctx).courseRecord(student.id, c.coid));
    await expect(kept).resolves.toMatchObject({ eff: 17, position: 17 });
    expect(stored(student.id)).toEqual({ eff: 17_000, position: 17 });
  });

  it("a student's heartbeats that arrive together are applied one after the other: the time is credited once", async () => {
    const student = await learner();
    const send = sender(student);
    await send(0);
    clock += 16 * S;
    // Another request's transaction holds the connection, and the student's row changes in it (their cached
    // facts are forgotten): both heartbeats read the database, wait, and go on together once it is over.
    let release!: () => void;
    const held = app.ctx.db.transaction(async (tx) => {
      await tx.update(students).set({ name: 'Renamed' }).where(eq(students.id, student.id));
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await new Promise((resolve) => setImmediate(resolve));
    const both = Promise.all([send(16), send(16)]);
    release();
    await held;
    expect((await both).map((reply) => reply.status)).toEqual(['recorded', 'recorded']);
    expect(stored(student.id)).toEqual({ eff: 16_000, position: 16 });
  });

  it('learn/start and learn/stucourse are written when they answer', async () => {
    const student = await learner();
    const courseRecord = () =>
      outside.prepare('select last_chapter_id as cid from course_records where student_id = ?').get(student.id);
    const started = await okCall(app, 'POST', '/learn/start', student.cookie, { coid: c.coid });
    expect(started).toMatchObject({ started: true });
    expect(courseRecord()).toEqual({ cid: '' });
    await okCall(app, 'POST', '/learn/stucourse', student.cookie, { coid: c.coid, cid: c.video });
    expect(courseRecord()).toEqual({ cid: c.video });
  });
});
