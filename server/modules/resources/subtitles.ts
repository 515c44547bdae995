/**
 * Subtitles of a video resource (resource/subtitle): WebVTT is what browsers (and video.js) read, so an
 * uploaded .srt is converted to .vtt on the server. Pure text functions, no I/O.
 */

const SRT_TIMING = /^(\d{1,3}:\d{2}:\d{2})[,.](\d{1,3})\s*-->\s*(\d{1,3}:\d{2}:\d{2})[,.](\d{1,3})(?:\s.*)?$/;
const VTT_TIMING = /^(?:\d{1,3}:)?\d{2}:\d{2}\.\d{3}\s+-->\s+(?:\d{1,3}:)?\d{2}:\d{2}\.\d{3}/m;

const ms = (value: string) => value.padEnd(3, '0').slice(0, 3);
/** Hours padded to two digits, as WebVTT timestamps have at least two. */
const clock = (value: string) => (value.split(':')[0]!.length < 2 ? `0${value}` : value);

/** Normalises line ends and drops a byte-order mark. */
function clean(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** SubRip (.srt) text as WebVTT: cue numbers and SubRip's X1/Y1 coordinates dropped, comma decimals made dots, text kept. */
export function srtToVtt(text: string): string {
  const blocks = clean(text)
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  const cues: string[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    if (lines.length > 1 && /^\d+$/.test(lines[0]!.trim()) && SRT_TIMING.test(lines[1]!.trim())) lines.shift();
    const match = SRT_TIMING.exec(lines[0]!.trim());
    if (!match) continue;
    const timing = `${clock(match[1]!)}.${ms(match[2]!)} --> ${clock(match[3]!)}.${ms(match[4]!)}`;
    // '-->' is not allowed in cue text.
    const body = lines
      .slice(1)
      .map((line) => line.replace(/-->/g, '->'))
      .join('\n');
    cues.push(body ? `${timing}\n${body}` : timing);
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/**
 * The WebVTT text of an uploaded subtitle file (WebVTT kept as it is, SubRip converted), or null when it holds
 * no cue at all (not a subtitle file).
 */
export function toWebVtt(text: string): string | null {
  const cleaned = clean(text);
  if (cleaned.includes('\u0000')) return null;
  // A file that says it is WebVTT is kept; anything else is read as SubRip whatever its extension.
  const vtt = /^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(cleaned) ? cleaned : srtToVtt(cleaned);
  if (!vtt.startsWith('WEBVTT') || !VTT_TIMING.test(vtt)) return null;
  return vtt.endsWith('\n') ? vtt : `${vtt}\n`;
}
