/** The one recipe of a test video (recipes.md 'Test media without files'), for the media and the learning tests. */
import { execFileSync } from 'node:child_process';

export interface VideoOptions {
  /** WxH of the test pattern; 640x360 unless given. */
  size?: string;
  /** ffmpeg codec arguments; MPEG-4 Part 2 with MP2 audio unless given. */
  codec?: string[];
}

/** The ffmpeg arguments that write `file`: a lavfi test pattern with a 440 Hz tone, `seconds` long. */
export function videoSourceArgs(file: string, seconds: number, options: VideoOptions = {}): string[] {
  const size = options.size ?? '640x360';
  const codec = options.codec ?? ['-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'mp2'];
  return [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${size}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-shortest',
    ...codec,
    file,
  ];
}

/** Writes a source video to `file` (ffmpeg must be installed) and returns its path. */
export function makeVideo(file: string, seconds: number, options: VideoOptions = {}): string {
  execFileSync('ffmpeg', videoSourceArgs(file, seconds, options));
  return file;
}
