import path from 'node:path';
import { loadSharp } from '../../lib/heavy-modules';
import type { TaskInput, TaskResult } from './media-task';

/** Images with sharp: a thumbnail and the size as people see it (EXIF orientation applied). */

const THUMB_SIZE = 480;

/** image → thumb.jpg (at most 480 px each way, transparent parts on white) and width/height. */
export async function convertImage(input: TaskInput): Promise<TaskResult> {
  const sharp = await loadSharp();
  const meta = await sharp(input.source).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  await sharp(input.source)
    .rotate()
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toFile(path.join(input.work, 'thumb.jpg'));
  return { outputs: { thumb: 'thumb.jpg', width, height } };
}

/** Spec 9 'Image watermark: top-right, offset 50 px, opacity 50'. */
export const WATERMARK = { offset: 50, opacity: 0.5 } as const;

const escapeMarkup = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A text mark as an RGBA image: white text with a dark outline shadow so it reads on light and dark pictures. */
async function textMark(text: string, imageWidth: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const points = Math.max(12, Math.min(48, Math.round(imageWidth / 40)));
  const markup = `<span foreground="#ffffff" font_weight="bold">${escapeMarkup(text)}</span>`;
  const shadowMarkup = `<span foreground="#000000" font_weight="bold">${escapeMarkup(text)}</span>`;
  const render = (value: string) =>
    sharp({ text: { text: value, font: `Noto Sans CJK SC, sans ${points}`, rgba: true, dpi: 72 } })
      .png()
      .toBuffer({ resolveWithObject: true });
  const [front, shadow] = await Promise.all([render(markup), render(shadowMarkup)]);
  return sharp({
    create: {
      width: front.info.width + 2,
      height: front.info.height + 2,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([
      { input: shadow.data, left: 2, top: 2 },
      { input: front.data, left: 0, top: 0 },
    ])
    .png()
    .toBuffer();
}

/**
 * Puts a mark (an image, or a text) on an image: its top-right corner 50 px from the image's top and right edges,
 * at 50% opacity (spec 9). A mark wider or taller than the room left is scaled down to fit. The result keeps the
 * input's format (JPEG stays JPEG); EXIF orientation is applied first so top-right is where people see it.
 */
export async function watermark(input: Buffer, mark: Buffer | string): Promise<Buffer> {
  const sharp = await loadSharp();
  const meta = await sharp(input).metadata();
  const upright = await sharp(input, { animated: false }).rotate().toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  const room = { width: Math.max(1, width - 2 * WATERMARK.offset), height: Math.max(1, height - 2 * WATERMARK.offset) };
  const markInput = typeof mark === 'string' ? await textMark(mark, width) : mark;
  const markMeta = await sharp(markInput).metadata();
  let markImage = sharp(markInput).ensureAlpha();
  if ((markMeta.width ?? 0) > room.width || (markMeta.height ?? 0) > room.height) {
    markImage = markImage.resize({ width: room.width, height: room.height, fit: 'inside' });
  }
  // Opacity 50: halve the mark's alpha (dest-in keeps the mark where it is, times the tile's alpha).
  const faded = await sharp(await markImage.png().toBuffer())
    .composite([
      {
        input: Buffer.from([255, 255, 255, Math.round(255 * WATERMARK.opacity)]),
        raw: { width: 1, height: 1, channels: 4 },
        tile: true,
        blend: 'dest-in',
      },
    ])
    .png()
    .toBuffer({ resolveWithObject: true });
  const left = Math.max(0, width - WATERMARK.offset - faded.info.width);
  const top = Math.min(WATERMARK.offset, Math.max(0, height - faded.info.height));
  const format = meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' ? meta.format : 'png';
  return sharp(upright.data)
    .composite([{ input: faded.data, left, top }])
    .toFormat(format)
    .toBuffer();
}
