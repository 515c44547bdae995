import fs from 'node:fs';
import path from 'node:path';
import { loadSharp } from '../../lib/heavy-modules';
import { runTool, ToolError } from './media-tools';
import type { TaskInput, TaskResult } from './media-task';

/** Video and audio conversion with ffmpeg (recipes.md 'ffmpeg (Debian 5.1)'). */

export type Probe = {
  duration: number;
  video: { codec: string; pixFmt: string; width: number; height: number; fps: number } | null;
  audio: { codec: string } | null;
};

/** HLS segments of about 6 s; keyframes every 2 s so every segment can end on one. */
const SEGMENT_SECONDS = 6;
const KEYFRAME_SECONDS = 2;
/** Largest width of the converted video; bigger sources are scaled down (keeping the aspect). */
const MAX_WIDTH = 1920;
const THUMB_WIDTH = 480;

/** ffmpeg's budget when a file does not say how long it is (some FLV/WebM recordings). */
const UNKNOWN_LENGTH_TIMEOUT_MS = 4 * 3600_000;

/** ffmpeg's time budget: scaled to the media's length (60 s of 720p took 25 s here), never under 2 minutes. */
export const ffmpegTimeoutMs = (seconds: number) =>
  seconds > 0 ? Math.max(120_000, 60_000 + Math.ceil(seconds) * 3_000) : UNKNOWN_LENGTH_TIMEOUT_MS;

const base = ['-nostdin', '-hide_banner', '-v', 'error', '-y'];

function frameRate(text: string | undefined): number {
  const [num, den] = (text ?? '').split('/').map(Number);
  const fps = den ? num! / den : Number(num);
  return Number.isFinite(fps) && fps > 0 && fps <= 240 ? fps : 25;
}

/** Duration and streams by ffprobe; a file it cannot read fails with ffprobe's message. */
export async function probe(input: TaskInput): Promise<Probe> {
  const { stdout } = await runTool(
    input.tools.ffprobe,
    [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type,codec_name,pix_fmt,width,height,avg_frame_rate,r_frame_rate',
      '-of',
      'json',
      input.source,
    ],
    { name: 'ffprobe', timeoutMs: 60_000, signal: input.signal, track: input.track },
  );
  type Stream = {
    codec_type?: string;
    codec_name?: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
  };
  const parsed = JSON.parse(stdout) as { format?: { duration?: string }; streams?: Stream[] };
  const streams = parsed.streams ?? [];
  const video = streams.find(
    (s) => s.codec_type === 'video' && s.width && s.height && s.codec_name !== 'mjpeg' && s.codec_name !== 'png',
  );
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(parsed.format?.duration);
  return {
    duration: Number.isFinite(duration) && duration > 0 ? duration : 0,
    video: video
      ? {
          codec: video.codec_name ?? '',
          pixFmt: video.pix_fmt ?? '',
          width: video.width!,
          height: video.height!,
          fps: frameRate(video.avg_frame_rate !== '0/0' ? video.avg_frame_rate : video.r_frame_rate),
        }
      : null,
    audio: audio ? { codec: audio.codec_name ?? '' } : null,
  };
}

/**
 * Video: a faststart H.264/AAC MP4 (copied when the upload already is one that fits, else encoded once), an HLS VOD
 * playlist cut from that MP4 without encoding again, a poster frame and a thumbnail.
 */
export async function convertVideo(input: TaskInput): Promise<TaskResult> {
  const info = await probe(input);
  if (!info.video) throw new ToolError('ffprobe: no video stream found');
  const timeoutMs = ffmpegTimeoutMs(info.duration);
  const { video, audio } = info;
  const fits =
    video.codec === 'h264' &&
    video.pixFmt === 'yuv420p' &&
    video.width <= MAX_WIDTH &&
    (!audio || audio.codec === 'aac');
  const gop = String(Math.max(1, Math.round(video.fps * KEYFRAME_SECONDS)));
  const encode = fits
    ? ['-c', 'copy']
    : [
        '-vf',
        `scale='if(gt(iw,${MAX_WIDTH}),${MAX_WIDTH},trunc(iw/2)*2)':-2`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        '-profile:v',
        'high',
        '-g',
        gop,
        '-keyint_min',
        gop,
        '-sc_threshold',
        '0',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-ac',
        '2',
      ];
  const mp4 = path.join(input.work, 'video.mp4');
  await runTool(
    input.tools.ffmpeg,
    [
      ...base,
      '-i',
      input.source,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-sn',
      '-dn',
      ...encode,
      '-movflags',
      '+faststart',
      mp4,
    ],
    {
      name: 'ffmpeg',
      timeoutMs,
      signal: input.signal,
      track: input.track,
    },
  );

  const hls = path.join(input.work, 'hls');
  fs.mkdirSync(hls);
  // Run inside hls/ with relative names so the playlist lists plain segment names.
  await runTool(
    input.tools.ffmpeg,
    [
      ...base,
      '-i',
      mp4,
      '-map',
      '0',
      '-c',
      'copy',
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      'seg_%03d.ts',
      'index.m3u8',
    ],
    { name: 'ffmpeg', timeoutMs, signal: input.signal, track: input.track, cwd: hls },
  );

  // A file that did not say its length: the MP4 we made does.
  const duration = info.duration || (await probe({ ...input, source: mp4 })).duration;
  const at = duration >= 2 ? Math.min(1, duration / 4) : 0;
  const poster = path.join(input.work, 'poster.jpg');
  await runTool(input.tools.ffmpeg, [...base, '-ss', at.toFixed(2), '-i', mp4, '-frames:v', '1', '-q:v', '3', poster], {
    name: 'ffmpeg',
    timeoutMs: 60_000,
    signal: input.signal,
    track: input.track,
  });
  if (!fs.existsSync(poster)) throw new ToolError('ffmpeg made no poster frame');
  const sharp = await loadSharp();
  const thumb = await sharp(poster)
    .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toFile(path.join(input.work, 'thumb.jpg'));
  const size = await sharp(poster).metadata();
  return {
    duration: Math.round(duration),
    outputs: {
      hls: 'hls/index.m3u8',
      mp4: 'video.mp4',
      poster: 'poster.jpg',
      thumb: 'thumb.jpg',
      width: size.width ?? thumb.width,
      height: size.height ?? thumb.height,
    },
  };
}

/** Audio: the duration and a loudness-normalised AAC copy (EBU R128, -16 LUFS) in a faststart M4A. */
export async function convertAudio(input: TaskInput): Promise<TaskResult> {
  const info = await probe(input);
  if (!info.audio) throw new ToolError('ffprobe: no audio stream found');
  await runTool(
    input.tools.ffmpeg,
    [
      ...base,
      '-i',
      input.source,
      '-map',
      '0:a:0',
      '-vn',
      '-sn',
      '-dn',
      '-af',
      'loudnorm=I=-16:TP=-1.5:LRA=11',
      '-ar',
      '48000',
      '-ac',
      '2',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-movflags',
      '+faststart',
      path.join(input.work, 'audio.m4a'),
    ],
    { name: 'ffmpeg', timeoutMs: ffmpegTimeoutMs(info.duration), signal: input.signal, track: input.track },
  );
  const duration = info.duration || (await probe({ ...input, source: path.join(input.work, 'audio.m4a') })).duration;
  return { duration: Math.round(duration), outputs: { audio: 'audio.m4a' } };
}
