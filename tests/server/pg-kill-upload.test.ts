import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, makeApp, school, type TestApp } from '../helpers/app';
import { data, injectAs, waitUntil } from '../helpers/kit';
import { databaseEnvFor } from '../helpers/pg-test';
import { startS3, type TestStore } from '../helpers/s3';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { sqlAll, sqlRun } from '../helpers/sql';
import { leads, nodeId, nodes } from '../../server/modules/cluster/nodes';
import { tidyLedger } from '../../server/modules/uploads/upload-quota';
import { sweepUnrecorded } from '../../server/modules/uploads/direct-upload.service';
import { dataPath, TMP_UPLOADS_DIR } from '../../server/lib/storage';
import { BOUNDARY, bodyTail, fileHead, multipartBody, patternChunk } from './uploads-helpers';

/**
 * Issue 20 (several app nodes on one PostgreSQL): killing node A mid-upload leaves no record pointing to a
 * missing object. Node A is the real server in a child process (tests/helpers/server-process.ts), node B an
 * in-process app on the same database and data folder, both with the object store (STORAGE=s3; tus and lan
 * uploads still land on the shared data folder). Three uploads are under way on A when it gets SIGKILL: a tus
 * upload mid-PATCH, a multipart upload mid-body, and a direct upload between its PUT to the store and its
 * completion call. B then answers for all of them. (http-pg only: the http project leaves out pg-*.test.ts.)
 */

const TUS = { 'tus-resumable': '1.0.0' };
const TUS_SIZE = 256 * 1024;
const TUS_SENT = 96 * 1024;
const PART_SIZE = 192 * 1024;
const PART_SENT = 64 * 1024;

type Put = { url: string; method: 'PUT'; headers: Record<string, string>; expiresAt: number };
type Token = { uptoken: string; key: string; status: 'ok'; put: Put };
type FileRow = { id: string; key: string; size: unknown; storage: string; original_name: string };
type LedgerRow = { id: string; state: string; tus_id: string | null; node: string | null; bytes: unknown };

const tusMeta = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/**
 * A request to A whose body the test writes itself: `sent` now, the rest never (A dies first). Answers the
 * request and a promise that settles when it ends either way (the kill resets it).
 */
function openRequest(url: string, method: string, headers: Record<string, string>, sent: Buffer) {
  const req = http.request(url, { method, headers });
  const ended = new Promise<string>((resolve) => {
    req.on('response', (res) => resolve(`answered ${res.statusCode}`));
    req.on('error', (error) => resolve(error.message));
  });
  req.write(sent);
  return { req, ended };
}

describe('an app node killed mid-upload (two nodes on one PostgreSQL)', () => {
  let store: TestStore;
  let dir: string;
  let b: TestApp;
  let a: ServerProcess;
  let admin: string;
  /** A's id among the nodes. */
  let aNode = '';
  /** B's clock runs this far ahead of the real one (the sweep of objects never reported). */
  let ahead = 0;
  const tusData = Buffer.concat([patternChunk(1, TUS_SENT), patternChunk(2, TUS_SIZE - TUS_SENT)]);
  let tusLocation = '';
  let beforeKill: FileRow[] = [];
  let direct: Token;
  let neverReported: Token;
  const directData = patternChunk(3, 8 * 1024);

  const filesRows = () =>
    sqlAll<FileRow>(b, 'SELECT id, key, size, storage, original_name FROM files ORDER BY created_at, id');
  const ledgerRows = () =>
    sqlAll<LedgerRow>(b, 'SELECT id, state, tus_id, node, bytes FROM upload_ledger ORDER BY created_at, id');
  const pendingMultipart = async () => (await ledgerRows()).filter((r) => r.state === 'pending' && !r.tus_id);
  const headOnB = (location: string) => b.inject({ method: 'HEAD', url: location, headers: { ...TUS, cookie: admin } });

  /** Every files row names bytes that exist, of its size: on the data folder, or in the store (HEAD). */
  async function expectEveryRowHasItsObject(): Promise<void> {
    for (const row of await filesRows()) {
      if (row.storage === 's3') {
        const head = await fetch(`${store.endpoint}/${store.bucket}/${row.key}`, { method: 'HEAD' });
        expect([row.key, head.status, Number(head.headers.get('content-length'))]).toEqual([
          row.key,
          200,
          Number(row.size),
        ]);
      } else {
        const stat = fs.statSync(dataPath(dir, row.key), { throwIfNoEntry: false });
        expect([row.key, stat?.size]).toEqual([row.key, Number(row.size)]);
      }
    }
  }

  beforeAll(async () => {
    store = await startS3();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-kill-'));
    const file = path.join(dir, 'lanxue.sqlite');
    // B first, so that B leads the sweeps (and gives A's work back once A is dead).
    b = await makeApp({ ...store.config, DATA_DIR: dir, DATABASE_FILE: file }, { now: () => Date.now() + ahead });
    const env = Object.fromEntries(Object.entries(store.config).map(([k, v]) => [k, String(v)]));
    a = await startServerProcess({ ...env, ...(await databaseEnvFor(file)), DATA_DIR: dir });
    expect(leads(b.ctx)).toBe(true);
    const others = await sqlAll<{ node: string }>(
      b,
      "SELECT node FROM node_leases WHERE name LIKE 'node:%' AND node <> ?",
      nodeId(b.ctx),
    );
    expect(others).toHaveLength(1);
    aNode = others[0]!.node;
    admin = (await login(b, { ...ADMIN, role: 'admin' })).cookie;
    const onA = (url: string, init: RequestInit = {}) =>
      fetch(`${a.base}${url}`, { ...init, headers: { cookie: admin, ...init.headers } });

    // One upload A finishes before it dies: its row and file must stay as they are.
    const small = multipartBody([
      { name: 'file-select', filename: 'done.pdf', type: 'application/pdf', data: patternChunk(4, 1024) },
    ]);
    const done = await onA('/lan/upload/done.pdf', {
      method: 'POST',
      headers: small.headers,
      body: new Uint8Array(small.body),
    });
    expect(done.status, await done.clone().text()).toBe(200);

    // A tus upload: created on A, its first 96 KiB sent in a PATCH that never ends; B's HEAD sees them arrive
    // (a HEAD on A would take the upload's lock from the PATCH and end it: @tus/server's locker is per process).
    const created = await onA('/lan/tus/', {
      method: 'POST',
      headers: {
        ...TUS,
        'upload-length': String(TUS_SIZE),
        'upload-metadata': tusMeta({ filename: 'kill.mp4', filetype: 'video/mp4' }),
      },
    });
    expect(created.status).toBe(201);
    tusLocation = created.headers.get('location')!;
    const patch = openRequest(
      `${a.base}${tusLocation}`,
      'PATCH',
      {
        ...TUS,
        cookie: admin,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(TUS_SIZE),
      },
      tusData.subarray(0, TUS_SENT),
    );
    await waitUntil(
      'B to see the bytes A received',
      async () => (await headOnB(tusLocation)).headers['upload-offset'] === String(TUS_SENT),
    );

    // A multipart upload: its head and first 64 KiB in a body announced at 192 KiB; A counts it and writes them.
    const head = fileHead('file-select', 'kill.pdf', 'application/pdf');
    const length = head.length + PART_SIZE + bodyTail().length;
    const multipart = openRequest(
      `${a.base}/lan/upload/kill.pdf`,
      'POST',
      { cookie: admin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(length) },
      Buffer.concat([head, patternChunk(5, PART_SENT)]),
    );
    const tmpDir = path.join(dir, TMP_UPLOADS_DIR);
    const received = () =>
      fs.readdirSync(tmpDir).reduce((sum, name) => sum + fs.statSync(path.join(tmpDir, name)).size, 0);
    await waitUntil(
      'A to count and write the multipart upload',
      async () => (await pendingMultipart()).length === 1 && received() >= PART_SENT,
    );

    // Two direct uploads: token from A, PUT to the store; their completion is never sent to A.
    const tokenOnA = async (filename: string, size: number) =>
      (
        (await (
          await onA(`/token?${new URLSearchParams({ filename, size: String(size), contentType: 'image/png' })}`)
        ).json()) as { data: Token }
      ).data;
    direct = await tokenOnA('kill.png', directData.length);
    neverReported = await tokenOnA('never.png', 5);
    const put = (token: Token, body: Buffer) =>
      fetch(token.put.url, { method: 'PUT', body: new Uint8Array(body), headers: token.put.headers });
    expect((await put(direct, directData)).status).toBe(200);
    expect((await put(neverReported, Buffer.from('never'))).status).toBe(200);

    beforeKill = await filesRows();
    await a.kill();
    // Both requests in flight end with the connection reset, unanswered.
    for (const ended of [await patch.ended, await multipart.ended]) expect(ended).not.toMatch(/^answered/);
  }, 60_000);

  afterAll(async () => {
    await a?.kill();
    await b?.close();
    await store?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('no files row points to a missing object; only the upload A finished has one', async () => {
    expect(a.child.signalCode).toBe('SIGKILL');
    expect((await filesRows()).map((row) => row.original_name)).toEqual(['done.pdf']);
    expect(await filesRows()).toEqual(beforeKill);
    await expectEveryRowHasItsObject();
  });

  it('the tus upload resumes on B from the offset B reports and ends in exactly one row of the same bytes', async () => {
    const head = await headOnB(tusLocation);
    expect([head.statusCode, head.headers['upload-offset'], head.headers['upload-length']]).toEqual([
      200,
      String(TUS_SENT),
      String(TUS_SIZE),
    ]);
    // Still counted once, at its announced size, while it can be resumed.
    expect((await ledgerRows()).filter((r) => r.tus_id).map((r) => [r.state, r.tus_id, Number(r.bytes)])).toEqual([
      ['pending', tusLocation.split('/').pop(), TUS_SIZE],
    ]);
    const offset = Number(head.headers['upload-offset']);
    const rest = await b.inject({
      method: 'PATCH',
      url: tusLocation,
      payload: tusData.subarray(offset),
      headers: {
        ...TUS,
        cookie: admin,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
    });
    expect(rest.statusCode, rest.body).toBe(204);
    const fileId = rest.headers['lanxue-file-id'] as string;
    const rows = (await filesRows()).filter((row) => row.original_name === 'kill.mp4');
    expect(rows.map((row) => [row.id, Number(row.size)])).toEqual([[fileId, TUS_SIZE]]);
    expect(fs.readFileSync(dataPath(dir, rows[0]!.key)).equals(tusData)).toBe(true);
    const result = data<{ fileId: string }>(
      await injectAs(b, admin).get(`/lan/upload/result/${tusLocation.split('/').pop()}`),
    );
    expect(result.fileId).toBe(fileId);
    // Counted once, at its real size, and no longer pending.
    const ledger = await ledgerRows();
    expect(ledger.filter((r) => r.state === 'pending' && r.tus_id)).toEqual([]);
    expect(ledger.filter((r) => r.state === 'done').map((r) => Number(r.bytes))).toContain(TUS_SIZE);
    await expectEveryRowHasItsObject();
  });

  it("the multipart upload cut off mid-body has no row, and B's housekeeping stops counting it", async () => {
    expect((await filesRows()).filter((row) => row.original_name === 'kill.pdf')).toEqual([]);
    // Left counted by the death (A could not release it) ...
    expect((await pendingMultipart()).map((row) => row.node)).toEqual([aNode]);
    // ... until the leader (B) sees A is dead at its next beat.
    await nodes(b.ctx).beat();
    expect(await pendingMultipart()).toEqual([]);
  });

  it("a node's start releases only the multipart uploads of dead nodes, not those a live node receives", async () => {
    const schoolId = (await school(b)).id;
    for (const [id, node] of [
      ['on-b', nodeId(b.ctx)],
      ['on-a', aNode],
    ])
      await sqlRun(
        b,
        "INSERT INTO upload_ledger (id, school_id, uploaded_by, bytes, state, tus_id, node, created_at) VALUES (?, ?, 'admin:1', 1, 'pending', NULL, ?, ?)",
        id,
        schoolId,
        node,
        Date.now(),
      );
    await tidyLedger(b.ctx, () => true, true);
    expect((await pendingMultipart()).map((row) => row.id)).toEqual(['on-b']);
    await sqlRun(b, "DELETE FROM upload_ledger WHERE id = 'on-b'");
  });

  it('the direct upload reported to no node completes on B; an object never reported is swept later', async () => {
    expect((await filesRows()).filter((row) => row.key === direct.key)).toEqual([]);
    expect(await store.has(direct.key)).toBe(true);
    const reply = data<{ fileId: string; size: number }>(
      await injectAs(b, admin).post('/upload/complete', { uptoken: direct.uptoken }),
    );
    expect(reply.size).toBe(directData.length);
    expect((await filesRows()).filter((row) => row.key === direct.key)).toHaveLength(1);
    expect(
      Buffer.from(await (await fetch(`${store.endpoint}/${store.bucket}/${direct.key}`)).arrayBuffer()).equals(
        directData,
      ),
    ).toBe(true);
    await expectEveryRowHasItsObject();
    // Within the uptoken's life the object without a row stays; past it (and the grace), the sweep removes it.
    await sweepUnrecorded(b.ctx);
    expect(await store.has(neverReported.key)).toBe(true);
    ahead = (15 * 60 + 3600 + 3600 + 60) * 1000;
    try {
      expect(await sweepUnrecorded(b.ctx)).toBe(1);
    } finally {
      ahead = 0;
    }
    expect(await store.has(neverReported.key)).toBe(false);
    expect(await store.has(direct.key)).toBe(true);
    await expectEveryRowHasItsObject();
    expect((await ledgerRows()).filter((r) => r.state === 'pending')).toEqual([]);
  });
});
