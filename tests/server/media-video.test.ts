import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaJobs } from '../../server/db/schema';
import {
  configureMediaQueue,
  conversionStatus,
  enqueueConversion,
  mediaTools,
  retryConversion,
} from '../../server/modules/media/media.service';
import { makeApp, type TestApp } from '../helpers/app';
import {
  addResource,
  derived,
  isJpeg,
  jobMs,
  makeAudio,
  makeVideo,
  missingTools,
  mp4Boxes,
  scratch,
  waitForStatus,
} from './media-helpers';

/** Conversion on the server: video to HLS + faststart MP4 + poster + duration, audio to a normalised AAC copy. */
const missing = missingTools(['ffmpeg', 'ffprobe'], 'media-video');

describe.skipIf(missing.length > 0)('video and audio conversion with ffmpeg', () => {
  let app: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = scratch('video');
    app = await makeApp(
      { MEDIA_CONCURRENCY: 1 },
      { setup: (built) => configureMediaQueue(built.ctx, { retryDelayMs: () => 100 }) },
    );
  }, 60_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('turns a 5 s upload (MPEG-4 part 2 + MP2) into a VOD HLS playlist, a faststart MP4, a poster and its duration', async () => {
    const { rid, source } = await addResource(app, {
      from: makeVideo(path.join(dir, 'lesson.avi'), 5),
      ext: 'AVI',
      kind: 'video',
      mime: 'video/x-msvideo',
    });
    const before = fs.readFileSync(source);
    await enqueueConversion(app.ctx, rid);
    expect((await conversionStatus(app.ctx, rid))?.status).toMatch(/queued|converting/);
    const done = await waitForStatus(app, rid, ['ready', 'failed', 'unconverted'], 90_000);
    console.info(`[media-video] 5 s 640x360 video encoded to H.264/AAC, HLS, poster in ${jobMs(done)} ms`);
    expect(done.status, done.statusMessage).toBe('ready');
    expect(done.duration).toBe(5);
    expect(done.outputs).toMatchObject({
      hls: 'hls/index.m3u8',
      mp4: 'video.mp4',
      poster: 'poster.jpg',
      thumb: 'thumb.jpg',
      width: 640,
      height: 360,
    });
    expect(done.job).toMatchObject({ task: 'video', state: 'done', attempts: 1, error: '' });

    const playlist = fs.readFileSync(derived(app, rid, 'hls/index.m3u8'), 'utf8');
    expect(playlist).toMatch(/^#EXTM3U/);
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    const segments = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(segments).toEqual(['seg_000.ts']);
    for (const segment of segments) expect(fs.statSync(derived(app, rid, `hls/${segment}`)).size).toBeGreaterThan(1000);
    // An MPEG-TS segment: sync byte 0x47 every 188 bytes.
    const ts = fs.readFileSync(derived(app, rid, 'hls/seg_000.ts'));
    expect([ts[0], ts[188], ts[376]]).toEqual([0x47, 0x47, 0x47]);

    const boxes = mp4Boxes(derived(app, rid, 'video.mp4'));
    expect(boxes).toContain('mdat');
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(isJpeg(derived(app, rid, 'poster.jpg'))).toBe(true);
    expect(isJpeg(derived(app, rid, 'thumb.jpg'))).toBe(true);
    // The original stays as uploaded; no work folder is left beside the outputs.
    expect(fs.readFileSync(source).equals(before)).toBe(true);
    expect(fs.readdirSync(path.join(app.ctx.config.dataDir, 'files', 'derived'))).toEqual([rid]);
  }, 120_000);

  it('cuts segments of about 6 s, copying an upload that already is H.264/AAC instead of encoding it again', async () => {
    const file = makeVideo(path.join(dir, 'h264.mp4'), 13, {
      size: '320x240',
      codec: ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    });
    const { rid } = await addResource(app, { from: file, ext: 'MP4', kind: 'video', mime: 'video/mp4' });
    await enqueueConversion(app.ctx, rid);
    const done = await waitForStatus(app, rid, ['ready', 'failed', 'unconverted'], 90_000);
    console.info(`[media-video] 13 s H.264 upload remuxed to faststart MP4 and HLS in ${jobMs(done)} ms`);
    expect(done.status, done.statusMessage).toBe('ready');
    expect(done.duration).toBe(13);
    const playlist = fs.readFileSync(derived(app, rid, 'hls/index.m3u8'), 'utf8');
    const lengths = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));
    expect(lengths.length).toBe(3);
    expect(lengths[0]).toBeCloseTo(6, 0);
    expect(lengths[1]).toBeCloseTo(6, 0);
    expect(lengths.reduce((a, b) => a + b, 0)).toBeCloseTo(13, 0);
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const boxes = mp4Boxes(derived(app, rid, 'video.mp4'));
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  }, 120_000);

  it('gives audio its duration and a loudness-normalised AAC copy', async () => {
    const { rid } = await addResource(app, {
      from: makeAudio(path.join(dir, 'talk.mp3'), 4),
      ext: 'MP3',
      kind: 'audio',
      mime: 'audio/mpeg',
    });
    await enqueueConversion(app.ctx, rid);
    const done = await waitForStatus(app, rid, ['ready', 'failed', 'unconverted'], 60_000);
    console.info(`[media-video] 4 s MP3 normalised to AAC in ${jobMs(done)} ms`);
    expect(done.status, done.statusMessage).toBe('ready');
    expect(done.duration).toBe(4);
    expect(done.outputs).toEqual({ audio: 'audio.m4a' });
    const boxes = mp4Boxes(derived(app, rid, 'audio.m4a'));
    expect(boxes[0]).toBe('ftyp');
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  }, 60_000);

  it('fails a corrupt video after the allowed attempts with the tool message, and a retry starts over', async () => {
    const { rid } = await addResource(app, {
      bytes: Buffer.from('this is not a video at all '.repeat(200)),
      ext: 'MP4',
      kind: 'video',
      mime: 'video/mp4',
    });
    await enqueueConversion(app.ctx, rid);
    const failed = await waitForStatus(app, rid, ['failed', 'ready', 'unconverted'], 30_000);
    expect(failed.status).toBe('failed');
    expect(failed.statusMessage).toMatch(
      /^ffprobe: \[mov,mp4[^\]]*\] moov atom not found\nfiles\/userupload\/\d+\/\d+\.MP4: Invalid data found when processing input$/,
    );
    expect(failed.job).toMatchObject({ state: 'failed', attempts: 3, maxAttempts: 3 });
    expect(failed.job?.error).toBe(failed.statusMessage);
    expect(fs.existsSync(derived(app, rid, ''))).toBe(false);
    expect(
      fs.readdirSync(path.join(app.ctx.config.dataDir, 'files', 'derived')).filter((name) => name.startsWith(rid)),
    ).toEqual([]);

    // A new job from its first attempt (the queue may already have claimed it when the reply is read).
    const again = await retryConversion(app.ctx, rid);
    expect(['queued', 'converting']).toContain(again?.status);
    expect([
      ['queued', 0],
      ['running', 1],
    ]).toContainEqual([again?.job?.state, again?.job?.attempts]);
    const failedAgain = await waitForStatus(app, rid, ['failed'], 30_000);
    expect(failedAgain.job?.attempts).toBe(3);
    expect((await app.ctx.db.select().from(mediaJobs)).filter((job) => job.resourceId === rid)).toHaveLength(2);
  }, 60_000);
});

describe('without ffmpeg on the machine', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeApp({ FFMPEG_PATH: '/nonexistent/bin/ffmpeg', FFPROBE_PATH: '/nonexistent/bin/ffprobe' });
  });
  afterAll(() => app.close());

  it('leaves the video as uploaded, unconverted, with a status naming the missing tool, and queues nothing', async () => {
    expect(mediaTools(app.ctx)).toMatchObject({ ffmpeg: false, ffprobe: false, sharp: true });
    const { rid, source } = await addResource(app, {
      bytes: Buffer.from('video bytes'),
      ext: 'MP4',
      kind: 'video',
      mime: 'video/mp4',
    });
    await enqueueConversion(app.ctx, rid);
    const status = await conversionStatus(app.ctx, rid);
    expect(status).toMatchObject({ status: 'unconverted', statusMessage: 'ffprobe, ffmpeg not installed', job: null });
    expect(fs.readFileSync(source, 'utf8')).toBe('video bytes');
    // A retry probes again and, with the tool still missing, says the same without looping.
    expect(await retryConversion(app.ctx, rid)).toMatchObject({ status: 'unconverted', job: null });
    const audio = await addResource(app, { bytes: Buffer.from('audio'), ext: 'MP3', kind: 'audio' });
    await enqueueConversion(app.ctx, audio.rid);
    expect((await conversionStatus(app.ctx, audio.rid))?.statusMessage).toContain('ffmpeg not installed');
    // Files that need no tool are ready at once.
    const other = await addResource(app, { bytes: Buffer.from('zip'), ext: 'ZIP', kind: 'other' });
    await enqueueConversion(app.ctx, other.rid);
    expect(await conversionStatus(app.ctx, other.rid)).toMatchObject({ status: 'ready', job: null });
  });
});
