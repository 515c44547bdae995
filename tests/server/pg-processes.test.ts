import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, school, type TestApp } from '../helpers/app';
import { waitUntil } from '../helpers/kit';
import { seedResource } from '../helpers/learning-factory';
import { databaseEnvFor } from '../helpers/pg-test';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { sqlAll, sqlGet } from '../helpers/sql';
import { nodeId } from '../../server/modules/cluster/nodes';
import { enqueueConversion } from '../../server/modules/media/media.service';

/**
 * Issue 20 (several app nodes on one PostgreSQL): a conversion queued once runs once though both nodes' queues
 * look for it. Node A is the real server in a child process (tests/helpers/server-process.ts), node B an
 * in-process app on the same database and data folder; B queues the jobs, and every node's queue is woken by
 * the job's row (NOTIFY), so both claim. (http-pg only: the http project leaves out pg-*.test.ts.)
 */
describe('two app processes on one PostgreSQL: conversions', () => {
  let dir: string;
  let a: ServerProcess;
  let b: TestApp;
  let aNode = '';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-processes-'));
    const file = path.join(dir, 'lanxue.sqlite');
    // One conversion at a time on B: A must take its share for the jobs to finish soon.
    b = await makeApp({ DATA_DIR: dir, DATABASE_FILE: file, MEDIA_CONCURRENCY: 1 });
    a = await startServerProcess({ ...(await databaseEnvFor(file)), DATA_DIR: dir, MEDIA_CONCURRENCY: '2' });
    const others = await sqlAll<{ node: string }>(
      b,
      "SELECT node FROM node_leases WHERE name LIKE 'node:%' AND node <> ?",
      nodeId(b.ctx),
    );
    expect(others).toHaveLength(1);
    aNode = others[0]!.node;
  });
  afterAll(async () => {
    await a?.kill();
    await b?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('eight images queued on B each convert once, on whichever node claimed them first (A among them)', async () => {
    const schoolId = (await school(b)).id;
    const rids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: `#33${i}6cc` } })
        .png()
        .toBuffer();
      rids.push(
        await seedResource(b, {
          schoolId,
          kind: 'image',
          fileName: `picture-${i}.png`,
          mime: 'image/png',
          source: bytes,
          status: 'queued',
        }),
      );
    }
    for (const rid of rids) await enqueueConversion(b.ctx, rid);

    type Job = { resource_id: string; state: string; attempts: number; node: string };
    const jobs = () => sqlAll<Job>(b, 'SELECT resource_id, state, attempts, node FROM media_jobs');
    let seen: Job[] = [];
    const finished = await waitUntil(
      () => `every job done: ${JSON.stringify(seen)}\n${a.output()}`,
      async () => {
        seen = await jobs();
        return seen.length === 8 && seen.every((job) => job.state !== 'queued' && job.state !== 'running') && seen;
      },
      60_000,
    );
    // One job per resource, run once (one attempt), done, by one of the two nodes; A (woken by the row) ran some.
    expect(finished.map((job) => job.resource_id).sort()).toEqual([...rids].sort());
    expect(finished.map((job) => [job.state, job.attempts])).toEqual(rids.map(() => ['done', 1]));
    const byNode = new Set(finished.map((job) => job.node));
    expect([...byNode].every((node) => node === aNode || node === nodeId(b.ctx))).toBe(true);
    expect(byNode.has(aNode)).toBe(true);
    for (const rid of rids) {
      const resource = await sqlGet<{ status: string; outputs: string }>(
        b,
        'SELECT status, outputs FROM resources WHERE id = ?',
        rid,
      );
      expect(resource?.status).toBe('ready');
      expect(JSON.parse(resource!.outputs).thumb).toBeTruthy();
    }
  });
});
