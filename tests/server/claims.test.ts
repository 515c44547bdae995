import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimDue, insertQueued } from '../../server/modules/inform/inform.repository';
import { stopInformWorker } from '../../server/modules/inform/inform-worker';
import { claimNextJob } from '../../server/modules/media/media.repository';
import { finishRun, insertRun } from '../../server/modules/ldap/ldap.repository';
import { driverError, isUniqueViolation } from '../../server/db/client';
import { stopMediaQueue } from '../../server/modules/media/media.service';
import { buildStudent, makeApp, school, type TestApp } from '../helpers/app';
import { seedResource } from '../helpers/learning-factory';
import { sqlAll, sqlRun } from '../helpers/sql';

/**
 * Work that must run once, taken by claims made at the same moment (as two app nodes polling one database
 * would; on PostgreSQL each claim runs on a connection of its own): a media conversion job and an outgoing
 * message go to one claim each, never to two.
 */
describe('claims made at once take each job once', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await makeApp();
    // Only the claims below take jobs: the app's own pollers are stopped.
    await stopMediaQueue(app.ctx);
    await stopInformWorker(app.ctx);
  });
  afterEach(() => app.close());

  it('media jobs: eight claims at once over five queued jobs take each once, and three find none', async () => {
    const schoolId = (await school(app)).id;
    const jobs: string[] = [];
    for (let i = 0; i < 5; i++) {
      const rid = await seedResource(app, {
        schoolId,
        kind: 'video',
        fileName: `clip${i}.mp4`,
        mime: 'video/mp4',
        source: Buffer.from('not really a video'),
        status: 'queued',
      });
      const id = app.ctx.ids.next();
      await sqlRun(
        app,
        "INSERT INTO media_jobs (id, resource_id, task, state, run_after, created_at) VALUES (?, ?, 'video', 'queued', 0, ?)",
        id,
        rid,
        Date.now(),
      );
      jobs.push(id);
    }
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimNextJob(app.ctx.db, Date.now(), `node-${i}`)),
    );
    const taken = claims.filter((job) => job !== undefined).map((job) => job.id);
    expect(taken.sort()).toEqual([...jobs].sort());
    expect(claims.filter((job) => job === undefined)).toHaveLength(3);
    const states = await sqlAll<{ state: string; attempts: number }>(
      app,
      'SELECT state, attempts FROM media_jobs ORDER BY id',
    );
    expect(states).toEqual(jobs.map(() => ({ state: 'running', attempts: 1 })));
  });

  it('outgoing messages: five workers claiming three at a time over ten rows take each row once', async () => {
    const schoolId = (await school(app)).id;
    const student = await buildStudent(app);
    const at = Date.now();
    const rows = Array.from({ length: 10 }, (_, i) => ({
      id: app.ctx.ids.next(),
      schoolId,
      channel: 'email' as const,
      event: 'course.granted',
      studentId: student.id,
      recipient: `learner${i}@school.example`,
      subject: 'Granted',
      body: 'A course',
      status: 'queued' as const,
      attempts: 0,
      nextAt: at + i,
      lastError: '',
      createdAt: at,
    }));
    await insertQueued(app.ctx.db, rows);
    const claims = await Promise.all(
      Array.from({ length: 5 }, (_, i) => claimDue(app.ctx.db, at + 100, 3, `node-${i}`)),
    );
    expect(claims.every((claim) => claim.length <= 3)).toBe(true);
    // What the five did not take, later claims do; no row is taken twice.
    const later: string[] = [];
    for (
      let claim = await claimDue(app.ctx.db, at + 100, 3, 'node-later');
      claim.length > 0;
      claim = await claimDue(app.ctx.db, at + 100, 3, 'node-later')
    )
      later.push(...claim.map((row) => row.id));
    const taken = [...claims.flat().map((row) => row.id), ...later];
    expect(taken.sort()).toEqual(rows.map((row) => row.id).sort());
    expect(await sqlAll(app, "SELECT id FROM inform_queue WHERE status <> 'sending'")).toEqual([]);
  });

  it('LDAP: one sync per school runs at a time whichever node starts it; once it ends the next may start', async () => {
    const schoolId = (await school(app)).id;
    const run = (id: string, node: string) =>
      insertRun(app.ctx.db, { id, schoolId, trigger: 'manual', dryRun: false, status: 'running', startedAt: 1, node });
    await run('run-1', 'node-a');
    const refused = await run('run-2', 'node-b').then(
      () => null,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(driverError(refused), 'ldap_runs')).toBe(true);
    await finishRun(app.ctx.db, 'run-1', { status: 'ok', finishedAt: 2 });
    await run('run-3', 'node-b');
    expect(await sqlAll(app, 'SELECT id, status FROM ldap_runs ORDER BY id')).toEqual([
      { id: 'run-1', status: 'ok' },
      { id: 'run-3', status: 'running' },
    ]);
  });
});
