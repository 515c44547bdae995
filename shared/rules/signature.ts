/**
 * The signature dialog's geometry (spec 4 'Signature dialog', spec 9 'Signature canvas 600x216 desktop
 * (1160x418 full screen), stroke red, width 10 desktop and 5 mobile varying with speed (min 1), pale blue
 * background. Watermark repeated text plus timestamp formatted yyyy-MM-dd HH:mm (HH:mm dd-MM-yyyy in en-gb)').
 *
 * Spec 4: "Normal or full-screen layout (full screen unavailable in portrait or on mac; toggle disabled in
 * landscape); orientation changes rotate and rescale the canvas and redraw strokes."
 *
 * Reading of the orientation words where the spec is terse (see fullScreenState): a phone held upright
 * (portrait) has no room for the wide pad, so the toggle is not offered there; a phone held sideways
 * (landscape) shows the pad full screen by itself, so the toggle is shown but disabled; on a Mac the toggle
 * is not offered; a desktop elsewhere may switch freely. A turn of the device changes the pad's size: the
 * strokes are kept in pad coordinates and drawn again scaled to the new size (rescaleStrokes).
 */
import type { Locale } from '../constants';
import { DATE_PATTERNS, formatDate } from './dates';

export interface Size {
  width: number;
  height: number;
}

/** Spec 9: the pad's size in CSS pixels, normal and full screen. */
export const SIGNATURE_CANVAS: { normal: Size; fullScreen: Size } = {
  normal: { width: 600, height: 216 },
  fullScreen: { width: 1160, height: 418 },
};

/** Spec 9: red strokes 10 px wide on desktop, 5 on mobile, thinner with speed but never under 1; pale blue pad. */
export const SIGNATURE_STROKE = { color: '#e60012', desktopWidth: 10, mobileWidth: 5, minWidth: 1 } as const;
export const SIGNATURE_BACKGROUND = '#eaf4ff';

/** How strongly speed (px/ms) thins the stroke, and how much of the new speed enters the smoothed one. */
export const SPEED_WEIGHT = 0.6;
export const SPEED_SMOOTHING = 0.6;

/** A point of a stroke in pad coordinates, with the stroke's width there. */
export interface StrokePoint {
  x: number;
  y: number;
  width: number;
}
export type Stroke = StrokePoint[];

/** The widest stroke of the device (spec 9: 10 desktop, 5 mobile). */
export function maxStrokeWidth(mobile: boolean): number {
  return mobile ? SIGNATURE_STROKE.mobileWidth : SIGNATURE_STROKE.desktopWidth;
}

/** The stroke's width at a (smoothed) speed in px/ms: the device's width when still, thinner when fast, at least 1. */
export function strokeWidth(speed: number, maxWidth: number): number {
  const safe = Number.isFinite(speed) && speed > 0 ? speed : 0;
  const width = maxWidth / (1 + safe * SPEED_WEIGHT);
  return Math.max(SIGNATURE_STROKE.minWidth, Math.min(maxWidth, width));
}

/** The smoothed speed after a move of `distance` px in `ms` milliseconds (a move of no time keeps the previous speed). */
export function smoothSpeed(previous: number, distance: number, ms: number): number {
  if (!(ms > 0)) return previous;
  return SPEED_SMOOTHING * (distance / ms) + (1 - SPEED_SMOOTHING) * previous;
}

/** A pointer position (client coordinates) in pad coordinates, given the element's box on screen. */
export function toPadPoint(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
  pad: Size,
): { x: number; y: number } {
  const x = box.width > 0 ? ((clientX - box.left) / box.width) * pad.width : 0;
  const y = box.height > 0 ? ((clientY - box.top) / box.height) * pad.height : 0;
  return { x: Math.max(0, Math.min(pad.width, x)), y: Math.max(0, Math.min(pad.height, y)) };
}

/** The largest size of the target's proportions that fits the room (never larger than the target). */
export function fitSize(target: Size, room: Size): Size {
  const scale = Math.min(1, room.width / target.width, room.height / target.height);
  const safe = Number.isFinite(scale) && scale > 0 ? scale : 1;
  return { width: Math.round(target.width * safe), height: Math.round(target.height * safe) };
}

/**
 * The strokes drawn on a pad of size `from`, moved to a pad of size `to` (a turn of the device or the
 * full-screen switch): positions scale with each axis, widths with the smaller scale and never under the
 * minimum width (spec 9 'min 1'), so thin strokes stay visible.
 */
export function rescaleStrokes(strokes: readonly Stroke[], from: Size, to: Size): Stroke[] {
  if (from.width <= 0 || from.height <= 0) return strokes.map((stroke) => stroke.map((point) => ({ ...point })));
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  const sw = Math.min(sx, sy);
  return strokes.map((stroke) =>
    stroke.map((point) => ({
      x: point.x * sx,
      y: point.y * sy,
      width: Math.max(SIGNATURE_STROKE.minWidth, point.width * sw),
    })),
  );
}

export type FullScreenToggle = 'hidden' | 'disabled' | 'enabled';

/**
 * Spec 4: full screen unavailable in portrait or on mac; toggle disabled in landscape (a phone held sideways
 * is full screen by itself). A desktop elsewhere switches as the user chose.
 */
export function fullScreenState(input: { mobile: boolean; portrait: boolean; mac: boolean; chosen: boolean }): {
  toggle: FullScreenToggle;
  fullScreen: boolean;
} {
  if (input.mobile)
    return input.portrait ? { toggle: 'hidden', fullScreen: false } : { toggle: 'disabled', fullScreen: true };
  if (input.mac) return { toggle: 'hidden', fullScreen: false };
  return { toggle: 'enabled', fullScreen: input.chosen };
}

/** The watermark's words: the given texts (the student's name, the course title) then the time in the locale's pattern (spec 9). */
export function watermarkText(
  parts: readonly (string | null | undefined)[],
  when: Date | number,
  locale: Locale,
): string {
  const words = parts.map((part) => (part ?? '').trim()).filter(Boolean);
  return [...words, formatDate(when, DATE_PATTERNS[locale].watermark)].join(' ');
}

/** Where the repeated watermark text starts: a grid over the pad every `step`, rows shifted by half a step. */
export function watermarkTiles(pad: Size, step: Size): { x: number; y: number }[] {
  if (step.width <= 0 || step.height <= 0) return [];
  const tiles: { x: number; y: number }[] = [];
  let row = 0;
  for (let y = step.height / 2; y < pad.height + step.height; y += step.height, row++) {
    const shift = row % 2 === 0 ? 0 : step.width / 2;
    for (let x = shift === 0 ? 0 : -shift; x < pad.width; x += step.width) tiles.push({ x, y });
  }
  return tiles;
}
