import { outsideReader } from '../helpers/sql';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaJobs, resources } from '../../server/db/schema';
import {
  cancelConversion,
  configureMediaQueue,
  conversionStatus,
  enqueueConversion,
  mediaQueuePeak,
  watermarkImage,
} from '../../server/modules/media/media.service';
import { runTool, ToolError } from '../../server/modules/media/media-tools';
import { makeApp, type TestApp } from '../helpers/app';
import { buildMediaJob } from '../helpers/factories';
import { waitUntil } from '../helpers/kit';
import { addResource, derived, isJpeg, jobMs, makeVideo, missingTools, scratch, waitForStatus } from './media-helpers';

/** The conversion queue: images, the spec 9 watermark, concurrency, cancel and kill, restart safety. */

const png = (width: number, height: number, color = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
const fast = (built: TestApp) => configureMediaQueue(built.ctx, { retryDelayMs: () => 50 });

/** True while the process exists and is not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A stand-in for a tool that hangs: it starts a child of its own (as soffice does) and writes both pids. */
function hangingTool(dir: string): { command: string; pids: () => number[] } {
  const pidFile = path.join(dir, 'pids');
  const command = path.join(dir, 'hanging-tool');
  fs.writeFileSync(command, `#!/bin/sh\necho $$ >> '${pidFile}'\nsleep 60 &\necho $! >> '${pidFile}'\nwait\n`, {
    mode: 0o755,
  });
  return {
    command,
    pids: () =>
      fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number) : [],
  };
}

describe('images', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeApp({ MEDIA_CONCURRENCY: 1 }, { setup: fast });
  });
  afterAll(() => app.close());

  it('makes a thumbnail and records the size as people see it (EXIF orientation applied)', async () => {
    const wide = await addResource(app, { bytes: await png(1200, 800), ext: 'PNG', kind: 'image', mime: 'image/png' });
    const turned = await addResource(app, {
      bytes: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff0000' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer(),
      ext: 'JPG',
      kind: 'image',
    });
    await enqueueConversion(app.ctx, wide.rid);
    await enqueueConversion(app.ctx, turned.rid);
    const done = await waitForStatus(app, wide.rid, ['ready', 'failed']);
    console.info(`[media-queue] 1200x800 PNG thumbnail in ${jobMs(done)} ms`);
    expect(done.outputs).toEqual({ thumb: 'thumb.jpg', width: 1200, height: 800 });
    expect(isJpeg(derived(app, wide.rid, 'thumb.jpg'))).toBe(true);
    expect(await sharp(derived(app, wide.rid, 'thumb.jpg')).metadata()).toMatchObject({ width: 480, height: 320 });
    const upright = await waitForStatus(app, turned.rid, ['ready', 'failed']);
    expect(upright.outputs).toEqual({ thumb: 'thumb.jpg', width: 200, height: 300 });
    expect(await sharp(derived(app, turned.rid, 'thumb.jpg')).metadata()).toMatchObject({ width: 200, height: 300 });
  });

  it('fails an image sharp cannot read, after three attempts, with its message', async () => {
    const { rid } = await addResource(app, { bytes: Buffer.from('not an image'), ext: 'PNG', kind: 'image' });
    await enqueueConversion(app.ctx, rid);
    const failed = await waitForStatus(app, rid, ['failed', 'ready']);
    expect(failed).toMatchObject({
      status: 'failed',
      statusMessage: expect.stringContaining('unsupported image format'),
      job: { attempts: 3, state: 'failed' },
    });
  });
});

describe('watermarkImage (spec 9: top-right, offset 50 px, opacity 50)', () => {
  it('puts an image mark 50 px from the top and right edges at half opacity, keeping the format', async () => {
    const base = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000000' } })
      .jpeg({ quality: 100 })
      .toBuffer();
    const mark = await png(100, 40, '#ffffff');
    const out = await watermarkImage(base, mark);
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    // The mark spans x 650..749, y 50..89: white at 50% over black is mid grey.
    expect(at(700, 70)).toBeGreaterThan(110);
    expect(at(700, 70)).toBeLessThan(145);
    expect(at(655, 55)).toBeGreaterThan(110);
    expect(at(745, 85)).toBeGreaterThan(110);
    // Outside it, untouched black: right of it (the 50 px margin), above it, below it, and the rest of the picture.
    for (const [x, y] of [
      [770, 70],
      [700, 30],
      [700, 110],
      [600, 70],
      [20, 20],
      [400, 300],
    ] as const)
      expect(at(x, y)).toBeLessThan(15);
  });

  it('scales a mark too big for the room, and draws a text mark (Chinese included) in the top-right corner', async () => {
    const base = await png(400, 300, '#000000');
    const big = await watermarkImage(base, await png(1000, 1000, '#ffffff'));
    expect(await sharp(big).metadata()).toMatchObject({ format: 'png', width: 400, height: 300 });
    const grey = await sharp(big).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => grey.data[(y * grey.info.width + x) * grey.info.channels]!;
    // Fits the room (300 - 2 x 50 = 200 high, square): x 150..349, y 50..249.
    expect(at(340, 60)).toBeGreaterThan(110);
    expect(at(160, 240)).toBeGreaterThan(110);
    expect(at(140, 60)).toBeLessThan(15);
    expect(at(360, 60)).toBeLessThan(15);

    const text = await watermarkImage(await png(800, 600, '#000000'), '蓝学 2026-01-02 08:30');
    const { data, info } = await sharp(text).raw().toBuffer({ resolveWithObject: true });
    const lit = (x0: number, x1: number, y0: number, y1: number) => {
      let count = 0;
      for (let y = y0; y < y1; y += 1)
        for (let x = x0; x < x1; x += 1) if (data[(y * info.width + x) * info.channels]! > 60) count += 1;
      return count;
    };
    expect(lit(400, 750, 50, 120)).toBeGreaterThan(100);
    expect(lit(750, 800, 0, 600) + lit(0, 800, 0, 50) + lit(0, 400, 120, 600)).toBe(0);
  });
});

describe('the queue', () => {
  let dir: string;
  beforeAll(() => {
    dir = scratch('queue');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('never runs more jobs at once than MEDIA_CONCURRENCY', async () => {
    for (const concurrency of [1, 2]) {
      const app = await makeApp({ MEDIA_CONCURRENCY: concurrency }, { setup: fast });
      try {
        const rids = await Promise.all(
          Array.from(
            { length: 5 },
            async () => (await addResource(app, { bytes: await png(2000, 1500), ext: 'PNG', kind: 'image' })).rid,
          ),
        );
        for (const rid of rids) await enqueueConversion(app.ctx, rid);
        for (const rid of rids) expect((await waitForStatus(app, rid, ['ready', 'failed'])).status).toBe('ready');
        // Most runs overlapping at any moment, from the jobs' own start and finish times.
        const jobs = await app.ctx.db.select().from(mediaJobs);
        const overlap = Math.max(
          ...jobs.map(
            (job) =>
              jobs.filter((other) => other.startedAt! <= job.startedAt! && other.finishedAt! > job.startedAt!).length,
          ),
        );
        expect(overlap).toBeLessThanOrEqual(concurrency);
        expect(mediaQueuePeak(app.ctx)).toBe(concurrency);
      } finally {
        await app.close();
      }
    }
  });

  it('cancelConversion kills the running tool with every child it started', async () => {
    const tool = hangingTool(fs.mkdtempSync(path.join(dir, 'cancel-')));
    const app = await makeApp({ FFPROBE_PATH: tool.command }, { setup: fast });
    try {
      const { rid } = await addResource(app, { bytes: Buffer.from('video'), ext: 'MP4', kind: 'video' });
      await enqueueConversion(app.ctx, rid);
      await waitUntil('the hanging tool and its child to start', () => tool.pids().length === 2);
      expect((await conversionStatus(app.ctx, rid))?.status).toBe('converting');
      await cancelConversion(app.ctx, rid);
      for (const pid of tool.pids()) expect(alive(pid), `pid ${pid}`).toBe(false);
      expect(await conversionStatus(app.ctx, rid)).toMatchObject({
        status: 'failed',
        statusMessage: 'cancelled',
        job: { state: 'failed', error: 'cancelled' },
      });
      expect(fs.readdirSync(path.join(app.ctx.config.dataDir, 'files', 'derived'))).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('runTool: a missing command, a timeout (process group killed) and a failure with the last lines of stderr', async () => {
    await expect(runTool('/nonexistent/tool', [], { name: 'ffmpeg', timeoutMs: 1000 })).rejects.toMatchObject({
      kind: 'missing',
      message: 'ffmpeg not installed',
    });
    const tool = hangingTool(fs.mkdtempSync(path.join(dir, 'timeout-')));
    const began = Date.now();
    await expect(runTool(tool.command, [], { name: 'LibreOffice', timeoutMs: 500 })).rejects.toMatchObject({
      kind: 'timeout',
      message: 'LibreOffice timed out after 1 s',
    });
    expect(Date.now() - began).toBeLessThan(5000);
    await waitUntil('the timed-out tool and its child to be gone', () => tool.pids().every((pid) => !alive(pid)), 5000);
    const failing = await runTool('sh', ['-c', 'for i in 1 2 3 4 5 6; do echo "line $i" >&2; done; exit 3'], {
      name: 'pdfinfo',
      timeoutMs: 5000,
    }).catch((err: ToolError) => err);
    expect(failing).toBeInstanceOf(ToolError);
    expect((failing as ToolError).message).toBe('pdfinfo: line 3\nline 4\nline 5\nline 6');
  });

  it('a tool that disappears after the probe leaves the resource unconverted without retries', async () => {
    const toolDir = fs.mkdtempSync(path.join(dir, 'gone-'));
    const command = path.join(toolDir, 'ffprobe');
    fs.writeFileSync(command, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const app = await makeApp({ FFPROBE_PATH: command }, { setup: fast });
    try {
      const { rid } = await addResource(app, { bytes: Buffer.from('video'), ext: 'MP4', kind: 'video' });
      // Gone after the app probed its tools (at start) and before the job runs (a queue may claim it at once).
      fs.rmSync(command);
      await enqueueConversion(app.ctx, rid);
      const status = await waitForStatus(app, rid, ['unconverted', 'failed', 'ready']);
      expect(status).toMatchObject({
        status: 'unconverted',
        statusMessage: 'ffprobe not installed',
        job: { state: 'failed', attempts: 1 },
      });
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(missingTools(['ffmpeg', 'ffprobe'], 'media-queue restart').length > 0)('restart safety', () => {
  let dir: string;
  const files = () => ({ DATA_DIR: dir, DATABASE_FILE: path.join(dir, 'lanxue.sqlite') });
  beforeAll(() => {
    dir = scratch('restart');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a stop during a conversion kills the tool, keeps the job queued, and the next start finishes it', async () => {
    const tool = hangingTool(fs.mkdtempSync(path.join(dir, 'tool-')));
    const first = await makeApp({ ...files(), FFPROBE_PATH: tool.command }, { setup: fast });
    const { rid } = await addResource(first, {
      from: makeVideo(path.join(dir, 'clip.mkv'), 2, { size: '320x240' }),
      ext: 'MKV',
      kind: 'video',
    });
    await enqueueConversion(first.ctx, rid);
    // A second enqueue while the job is active adds nothing.
    await enqueueConversion(first.ctx, rid);
    await waitUntil('the hanging tool and its child to start', () => tool.pids().length === 2);
    const began = Date.now();
    await first.close();
    expect(Date.now() - began).toBeLessThan(5000);
    for (const pid of tool.pids()) expect(alive(pid)).toBe(false);
    const db = await outsideReader(files().DATABASE_FILE);
    expect(await db.all('select state, attempts from media_jobs where resource_id = ?', rid)).toEqual([
      { state: 'queued', attempts: 0 },
    ]);
    expect(await db.get('select status from resources where id = ?', rid)).toEqual({ status: 'queued' });
    await db.close();

    const second = await makeApp(files(), { setup: fast });
    try {
      const done = await waitForStatus(second, rid, ['ready', 'failed'], 60_000);
      expect(done).toMatchObject({ status: 'ready', duration: 2, job: { state: 'done', attempts: 1 } });
    } finally {
      await second.close();
    }
  }, 90_000);

  it('a job left running by a process that died runs again at start; its half-done folder is removed', async () => {
    const first = await makeApp(files(), { setup: fast });
    const { rid } = await addResource(first, { bytes: await png(640, 480), ext: 'PNG', kind: 'image' });
    // What a killed process leaves: the job 'running', the resource 'converting', a work folder half written.
    const jobId = await buildMediaJob(first, {
      resourceId: rid,
      task: 'image',
      state: 'running',
      attempts: 1,
      createdAt: 1,
      startedAt: 2,
    });
    await first.ctx.db.update(resources).set({ status: 'converting' });
    const leftover = path.join(dir, 'files', 'derived', `${rid}.tmp-${jobId}`);
    fs.mkdirSync(leftover, { recursive: true });
    fs.writeFileSync(path.join(leftover, 'thumb.jpg'), 'half');
    await first.close();
    expect(fs.existsSync(leftover)).toBe(true);

    const second = await makeApp(files(), { setup: fast });
    try {
      const done = await waitForStatus(second, rid, ['ready', 'failed']);
      expect(done).toMatchObject({
        status: 'ready',
        outputs: { thumb: 'thumb.jpg', width: 640, height: 480 },
        job: { id: jobId, state: 'done', attempts: 1 },
      });
      expect(fs.existsSync(leftover)).toBe(false);
      expect(isJpeg(derived(second, rid, 'thumb.jpg'))).toBe(true);
    } finally {
      await second.close();
    }
  });
});
