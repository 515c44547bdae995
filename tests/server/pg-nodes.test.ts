import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildStudent, login, makeApp, type TestApp } from '../helpers/app';
import { enrol, seedResource } from '../helpers/learning-factory';
import { leads, NODE_BEAT_MS, nodeId, nodes } from '../../server/modules/cluster/nodes';
import { stopMediaQueue } from '../../server/modules/media/media.service';
import { stopInformWorker } from '../../server/modules/inform/inform-worker';
import { school } from '../helpers/app';
import { parseSnowflake } from '../../server/lib/ids';
import { injectAs } from '../helpers/kit';
import { sqlAll, sqlGet, sqlRun } from '../helpers/sql';
import { adminCookie, beat, graphicCourse, learnCourse, okBeat, okCall, signedInStudent } from './records-helpers';

/**
 * Two app nodes on one PostgreSQL database (the http-pg project only: on SQLite one process owns the file).
 * What each node keeps in memory (sessions, course replies) learns of the other's writes by NOTIFY, and a
 * request is first told of every change committed before it arrived: the other node answers fresh at once.
 */
describe('two nodes on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let dir: string;
  /** Both nodes' clock (the app's now). */
  let clock = Date.now();
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-nodes-'));
    const file = path.join(dir, 'lanxue.sqlite');
    clock = Date.now();
    a = await makeApp({ DATABASE_FILE: file }, { now: () => clock });
    b = await makeApp({ DATABASE_FILE: file }, { now: () => clock });
  });
  afterEach(async () => {
    await a.close();
    await b.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a course edited on node A is served fresh by node B at once', async () => {
    const admin = await adminCookie(a);
    const coid = await graphicCourse(a, admin, { title: 'Before' });
    const student = await buildStudent(a);
    const cookie = (await login(a, student)).cookie;
    const titleOnB = async () => (await okCall<{ title: string }>(b, 'GET', `/course/info/${coid}`, cookie)).title;
    // B keeps its reply (asked twice), then A renames the course: B's next answer has the new title.
    expect(await titleOnB()).toBe('Before');
    expect(await titleOnB()).toBe('Before');
    for (const title of ['After', 'After again']) {
      await okCall(a, 'POST', '/course/save', admin, { coid, values: { title } });
      expect(await titleOnB()).toBe(title);
    }
  });

  it('a student signed in on A and then again elsewhere is told on B that the first session was replaced', async () => {
    const student = await buildStudent(a);
    const first = await login(a, student);
    const check = (app: TestApp, cookie: string) =>
      app.inject({ method: 'GET', url: '/checkStudent/login', headers: { cookie } });
    // B knows the session (and keeps it) ...
    expect((await check(b, first.cookie)).json().data).toEqual({ isKic: false });
    expect((await check(b, first.cookie)).json().data).toEqual({ isKic: false });
    // ... until the student signs in again on A: B tells the first session at once.
    const second = await login(a, student, '10.0.0.2');
    expect((await check(b, first.cookie)).json().data).toEqual({ isKic: true });
    expect((await check(b, second.cookie)).json().data).toEqual({ isKic: false });
  });

  describe("one student's heartbeats reaching both nodes (record-leases.ts)", () => {
    const S = 1000;
    /** A student enrolled in a course with a long video, and what is credited to them in each table. */
    async function learner() {
      const admin = await adminCookie(a);
      const c = await learnCourse(a, admin, {}, {}, 40_000);
      const s = await signedInStudent(a);
      await enrol(a, s.id, c.coid);
      const credited = async () => {
        const one = async (text: string) => Number((await sqlGet<{ ms: unknown }>(a, text, s.id))?.ms ?? 0) / S;
        return {
          days: await one('SELECT sum(eff_ms) AS ms FROM learn_days WHERE student_id = ?'),
          chapter: await one('SELECT sum(eff_ms) AS ms FROM learn_records WHERE student_id = ?'),
          course: await one('SELECT sum(eff_ms) AS ms FROM course_records WHERE student_id = ?'),
        };
      };
      const payload = (position: number, extra: Record<string, unknown> = {}) => ({
        coid: c.coid,
        cid: c.video,
        start_ts: 1,
        position,
        ...extra,
      });
      return { s, credited, payload };
    }

    it('1,000 heartbeats alternating between A and B credit exactly the wall time, as one node does', async () => {
      const { s, credited, payload } = await learner();
      let reply = await okBeat(a, s.cookie, payload(0, { play_type: 'start' }));
      for (let i = 1; i < 1000; i++) {
        clock += 16 * S;
        reply = await okBeat(i % 2 ? b : a, s.cookie, payload(i * 16));
        // Each node goes on from the other's last beat: 16 s more, never 26 (a stale clock's cap) nor 0.
        expect(reply.eff_time, `beat ${i}`).toBe(16);
      }
      expect(reply.eff).toBe(999 * 16);
      expect(reply.watch_time).toBe(999 * 16);
      expect(await credited()).toEqual({ days: 999 * 16, chapter: 999 * 16, course: 999 * 16 });
    });

    it('beats sent to A and B at the same moment credit each second once; a beat refused is sent again', async () => {
      const { s, credited, payload } = await learner();
      await okBeat(a, s.cookie, payload(0, { play_type: 'start' }));
      let refused = 0;
      for (let round = 1; round <= 150; round++) {
        clock += 16 * S;
        const sent = await Promise.all([a, b].map((node) => beat(node, s.cookie, payload(round * 16))));
        for (const [i, { status }] of sent.entries()) {
          expect([200, 503]).toContain(status);
          if (status === 503) {
            refused++;
            await okBeat(i ? a : b, s.cookie, payload(round * 16));
          }
        }
      }
      // Two nodes, 150 rounds of 16 s: 2,400 s of wall time, credited once in every table.
      expect(await credited()).toEqual({ days: 150 * 16, chapter: 150 * 16, course: 150 * 16 });
      console.info(`[pg-nodes] ${refused} of 300 simultaneous beats were refused (503) and sent again`);
    });

    it('a node that holds the lease does not write it again; a take by the other node is seen at once', async () => {
      const { s, credited, payload } = await learner();
      // xmin: the transaction that last wrote the row.
      const lease = async () =>
        await sqlGet<{ node: string; seq: unknown; xmin: string }>(
          a,
          'SELECT node, seq, xmin::text AS xmin FROM record_leases WHERE student_id = ?',
          s.id,
        );
      await okBeat(a, s.cookie, payload(0, { play_type: 'start' }));
      const taken = await lease();
      for (let i = 1; i <= 5; i++) {
        clock += 16 * S;
        expect((await okBeat(a, s.cookie, payload(i * 16))).eff_time).toBe(16);
      }
      expect(await lease()).toEqual(taken);
      // B takes it (one write), and A's next beat takes it back: each goes on from the other's last beat.
      clock += 16 * S;
      expect((await okBeat(b, s.cookie, payload(96))).eff_time).toBe(16);
      const onB = await lease();
      expect(Number(onB?.seq)).toBe(Number(taken?.seq) + 1);
      clock += 16 * S;
      expect((await okBeat(a, s.cookie, payload(112))).eff_time).toBe(16);
      expect(Number((await lease())?.seq)).toBe(Number(taken?.seq) + 2);
      expect(await credited()).toEqual({ days: 7 * 16, chapter: 7 * 16, course: 7 * 16 });
    });
  });

  it("students of the same courses beating on both nodes at once: the commits' sums never deadlock", async () => {
    // Each learn, course and day row adds into shared rows by trigger (analytics per chapter, course and day):
    // two nodes' commits of several students of the same courses lock those in one order (group-commit.ts).
    const admin = await adminCookie(a);
    const courses = [await learnCourse(a, admin, {}, {}, 40_000), await learnCourse(a, admin, {}, {}, 40_000)];
    const learners: { student: { id: string; cookie: string }; course: (typeof courses)[number]; node: TestApp }[] = [];
    for (let i = 0; i < 16; i++) {
      const student = await signedInStudent(a);
      // A's students come in course order 1, 2, 1, 2…, B's in 2, 1, 2, 1…: unsorted, their commits cross.
      const course = courses[(i + (i < 8 ? 0 : 1)) % 2]!;
      await enrol(a, student.id, course.coid);
      learners.push({ student, course, node: i < 8 ? a : b });
    }
    const beatAll = (round: number) =>
      Promise.all(
        learners.map(({ student, course, node }) =>
          beat(node, student.cookie, { coid: course.coid, cid: course.video, start_ts: 1, position: round * 16 }),
        ),
      );
    // A refused commit is written again student by student (so its beats still answer 200): it is seen in the log.
    const warnings = [a, b].map((node) => vi.spyOn(node.ctx.log, 'warn'));
    await beatAll(0);
    for (let round = 1; round <= 10; round++) {
      clock += 16_000;
      // Every student keeps one node (no lease moves): a 503 here could only be a refused commit.
      expect((await beatAll(round)).map((reply) => reply.status)).toEqual(learners.map(() => 200));
    }
    const total = await sqlGet<{ ms: unknown }>(a, 'SELECT sum(eff_ms) AS ms FROM learn_days');
    expect(Number(total?.ms)).toBe(16 * 10 * 16_000);
    const refusals = warnings.flatMap((spy) => spy.mock.calls.map((call) => String(call[1])));
    expect(refusals.filter((message) => message.includes('group commit refused'))).toEqual([]);
  });

  describe("the scheduled sweeps and a dead node's work (cluster/nodes.ts)", () => {
    it('each node takes a worker number of its own (no WORKER_ID given): their ids never collide', () => {
      const workers = [a, b].map((app) => parseSnowflake(app.ctx.ids.next()).workerId);
      expect(workers[0]).not.toBe(workers[1]);
    });

    it('one node leads the sweeps; when it stops, the other leads from its next beat', async () => {
      expect([leads(a.ctx), leads(b.ctx)].filter(Boolean)).toHaveLength(1);
      const [leader, other] = leads(a.ctx) ? [a, b] : [b, a];
      // Beats keep the lease where it is.
      await nodes(other.ctx).beat();
      await nodes(leader.ctx).beat();
      expect([leads(leader.ctx), leads(other.ctx)]).toEqual([true, false]);
      await nodes(leader.ctx).stop();
      expect(leads(leader.ctx)).toBe(false);
      await nodes(other.ctx).beat();
      expect(leads(other.ctx)).toBe(true);
      expect(NODE_BEAT_MS).toBeGreaterThan(0);
    });

    it("a dead node's conversion, messages and sync go back; a live node's stay its own", async () => {
      // The apps' own workers are stopped: only the leader's beat below moves these rows.
      for (const app of [a, b]) {
        await stopMediaQueue(app.ctx);
        await stopInformWorker(app.ctx);
      }
      const schoolId = (await school(a)).id;
      const student = await buildStudent(a);
      const alive = nodeId(a.ctx);
      const rid = await seedResource(a, {
        schoolId,
        kind: 'video',
        fileName: 'v.mp4',
        mime: 'video/mp4',
        source: Buffer.from('x'),
      });
      for (const [id, node] of [
        ['job-alive', alive],
        ['job-dead', 'node-gone'],
      ]) {
        await sqlRun(
          a,
          "INSERT INTO media_jobs (id, resource_id, task, state, attempts, run_after, created_at, started_at, node) VALUES (?, ?, 'video', 'running', 1, 0, 1, 1, ?)",
          id,
          rid,
          node,
        );
      }
      for (const [id, node] of [
        ['mail-alive', alive],
        ['mail-dead', 'node-gone'],
      ]) {
        await sqlRun(
          a,
          "INSERT INTO inform_queue (id, school_id, channel, event, student_id, recipient, body, status, next_at, created_at, node) VALUES (?, ?, 'email', 'course.granted', ?, 'learner@school.example', 'A course', 'sending', 1, 1, ?)",
          id,
          schoolId,
          student.id,
          node,
        );
      }
      await sqlRun(
        a,
        "INSERT INTO ldap_runs (id, school_id, trigger, dry_run, status, started_at, node) VALUES ('run-dead', ?, 'schedule', 0, 'running', 1, 'node-gone')",
        schoolId,
      );
      const states = async () => ({
        jobs: await sqlAll(a, 'SELECT id, state, attempts, node FROM media_jobs ORDER BY id'),
        mails: await sqlAll(a, 'SELECT id, status, node FROM inform_queue ORDER BY id'),
        runs: await sqlAll(a, 'SELECT id, status, message FROM ldap_runs'),
      });
      const leader = leads(a.ctx) ? a : b;
      await nodes(leader.ctx).beat();
      expect(await states()).toEqual({
        jobs: [
          { id: 'job-alive', state: 'running', attempts: 1, node: alive },
          { id: 'job-dead', state: 'queued', attempts: 0, node: null },
        ],
        mails: [
          { id: 'mail-alive', status: 'sending', node: alive },
          { id: 'mail-dead', status: 'queued', node: null },
        ],
        runs: [{ id: 'run-dead', status: 'failed', message: 'the server stopped during the run' }],
      });
      // A goes (its leases with it): B, leading now, gives A's work back.
      await nodes(a.ctx).stop();
      await nodes(b.ctx).beat();
      expect(leads(b.ctx)).toBe(true);
      const after = await states();
      expect(after.jobs).toContainEqual({ id: 'job-alive', state: 'queued', attempts: 0, node: null });
      expect(after.mails).toContainEqual({ id: 'mail-alive', status: 'queued', node: null });
    });
  });

  it('the redeem throttle counts failures on both nodes: ten alternating, the eleventh is refused on either', async () => {
    const s = await signedInStudent(a);
    const redeem = (node: TestApp, code: string) => injectAs(node, s.cookie).post('/redeem', { code });
    for (let i = 0; i < 10; i++) expect((await redeem(i % 2 ? b : a, `WRONG${i}`)).statusCode).toBe(404);
    expect((await redeem(a, 'WRONG')).statusCode).toBe(429);
    expect((await redeem(b, 'WRONG')).statusCode).toBe(429);
    // The window passes for both.
    clock += 11 * 60_000;
    expect((await redeem(b, 'WRONG')).statusCode).toBe(404);
  });
});
