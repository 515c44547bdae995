import { describe, expect, it } from 'vitest';
import {
  fitSize,
  fullScreenState,
  maxStrokeWidth,
  rescaleStrokes,
  SIGNATURE_CANVAS,
  SIGNATURE_STROKE,
  smoothSpeed,
  strokeWidth,
  toPadPoint,
  watermarkText,
  watermarkTiles,
} from '../../shared/rules/signature';

// Spec 9: "Signature canvas 600x216 desktop (1160x418 full screen), stroke red, width 10 desktop and 5 mobile
// varying with speed (min 1), pale blue background."
describe('pad and stroke sizes (spec 9)', () => {
  it('600x216, 1160x418 full screen', () => {
    expect(SIGNATURE_CANVAS.normal).toEqual({ width: 600, height: 216 });
    expect(SIGNATURE_CANVAS.fullScreen).toEqual({ width: 1160, height: 418 });
  });
  it.each([
    [false, 10],
    [true, 5],
  ])('mobile %s: widest stroke %i', (mobile, width) => expect(maxStrokeWidth(mobile)).toBe(width));
});

describe('strokeWidth (spec 9: width follows speed, at most the device width, at least 1)', () => {
  it.each([
    ['still pen on desktop: full 10', 0, 10, 10],
    ['still pen on mobile: full 5', 0, 5, 5],
    ['slow (0.5 px/ms) on desktop: a bit thinner', 0.5, 10, 10 / 1.3],
    ['fast (5 px/ms) on desktop: much thinner', 5, 10, 2.5],
    ['very fast: never under 1', 100, 10, 1],
    ['very fast on mobile: never under 1', 100, 5, 1],
    ['a negative speed counts as still', -3, 10, 10],
    ['a speed that is not a number counts as still', Number.NaN, 10, 10],
  ])('%s', (_name, speed, max, expected) => expect(strokeWidth(speed, max)).toBeCloseTo(expected, 6));

  it('faster is never wider', () => {
    let previous = Infinity;
    for (let speed = 0; speed <= 20; speed += 0.25) {
      const width = strokeWidth(speed, 10);
      expect(width).toBeLessThanOrEqual(previous);
      previous = width;
    }
  });
});

describe('smoothSpeed (the speed is smoothed so the width does not jump)', () => {
  it.each([
    ['from still, 10 px in 10 ms: 0.6 of 1 px/ms', 0, 10, 10, 0.6],
    ['steady 1 px/ms stays 1', 1, 5, 5, 1],
    ['a move of no time keeps the previous speed', 2, 10, 0, 2],
    ['from 2 px/ms, stopping (0 px in 16 ms): 0.8', 2, 0, 16, 0.8],
  ])('%s', (_name, previous, distance, ms, expected) =>
    expect(smoothSpeed(previous, distance, ms)).toBeCloseTo(expected, 6),
  );
});

describe('toPadPoint (a pointer on the element, in pad coordinates)', () => {
  const box = { left: 100, top: 50, width: 300, height: 108 };
  it.each([
    ['top left corner', 100, 50, { x: 0, y: 0 }],
    ['middle of a half-size element', 250, 104, { x: 300, y: 108 }],
    ['bottom right corner', 400, 158, { x: 600, y: 216 }],
    ['outside is clamped to the pad', 500, 0, { x: 600, y: 0 }],
  ])('%s', (_name, x, y, expected) => expect(toPadPoint(x, y, box, SIGNATURE_CANVAS.normal)).toEqual(expected));
});

describe('fitSize (the pad shrinks to the room, keeping its proportions)', () => {
  it.each([
    ['desktop room: full size', { width: 1280, height: 800 }, { width: 600, height: 216 }],
    ['a 390 px phone: 358 wide', { width: 358, height: 800 }, { width: 358, height: 129 }],
    ['low room: height decides', { width: 1000, height: 108 }, { width: 300, height: 108 }],
    ['never larger than the target', { width: 5000, height: 5000 }, { width: 600, height: 216 }],
  ])('%s', (_name, room, expected) => expect(fitSize(SIGNATURE_CANVAS.normal, room)).toEqual(expected));
});

// Spec 4: "orientation changes rotate and rescale the canvas and redraw strokes".
describe('rescaleStrokes (strokes kept and redrawn on a new pad size)', () => {
  const strokes = [
    [
      { x: 0, y: 0, width: 10 },
      { x: 300, y: 108, width: 4 },
    ],
    [{ x: 600, y: 216, width: 1 }],
  ];
  it('normal to full screen: positions follow each axis, widths the smaller scale', () => {
    const out = rescaleStrokes(strokes, SIGNATURE_CANVAS.normal, SIGNATURE_CANVAS.fullScreen);
    expect(out[0]![1]!.x).toBeCloseTo(580);
    expect(out[0]![1]!.y).toBeCloseTo(209);
    expect(out[1]![0]).toEqual({ x: 1160, y: 418, width: Math.min(1160 / 600, 418 / 216) });
    expect(out[0]![0]!.width).toBeCloseTo(10 * Math.min(1160 / 600, 418 / 216));
  });
  it('to a phone in portrait: smaller, but no stroke thinner than 1', () => {
    const out = rescaleStrokes(strokes, SIGNATURE_CANVAS.normal, { width: 300, height: 108 });
    expect(out[0]![1]).toEqual({ x: 150, y: 54, width: 2 });
    expect(out[1]![0]).toEqual({ x: 300, y: 108, width: SIGNATURE_STROKE.minWidth });
  });
  it('there and back gives the same strokes', () => {
    const back = rescaleStrokes(
      rescaleStrokes(strokes, SIGNATURE_CANVAS.normal, SIGNATURE_CANVAS.fullScreen),
      SIGNATURE_CANVAS.fullScreen,
      SIGNATURE_CANVAS.normal,
    );
    back.flat().forEach((point, i) => {
      expect(point.x).toBeCloseTo(strokes.flat()[i]!.x);
      expect(point.y).toBeCloseTo(strokes.flat()[i]!.y);
    });
  });
  it('does not change the strokes it was given', () => {
    rescaleStrokes(strokes, SIGNATURE_CANVAS.normal, { width: 1, height: 1 });
    expect(strokes[0]![1]).toEqual({ x: 300, y: 108, width: 4 });
  });
});

// Spec 4: "full screen unavailable in portrait or on mac; toggle disabled in landscape".
describe('fullScreenState (spec 4 orientation rules)', () => {
  it.each([
    [
      'desktop, not chosen',
      { mobile: false, portrait: false, mac: false, chosen: false },
      { toggle: 'enabled', fullScreen: false },
    ],
    [
      'desktop, chosen',
      { mobile: false, portrait: false, mac: false, chosen: true },
      { toggle: 'enabled', fullScreen: true },
    ],
    [
      'mac: unavailable even when chosen',
      { mobile: false, portrait: false, mac: true, chosen: true },
      { toggle: 'hidden', fullScreen: false },
    ],
    [
      'phone in portrait: unavailable',
      { mobile: true, portrait: true, mac: false, chosen: true },
      { toggle: 'hidden', fullScreen: false },
    ],
    [
      'phone in landscape: full screen, toggle disabled',
      { mobile: true, portrait: false, mac: false, chosen: false },
      { toggle: 'disabled', fullScreen: true },
    ],
    [
      'iPhone (mac-like) in landscape: as a phone',
      { mobile: true, portrait: false, mac: true, chosen: false },
      { toggle: 'disabled', fullScreen: true },
    ],
  ] as const)('%s', (_name, input, expected) => expect(fullScreenState(input)).toEqual(expected));
});

// Spec 9: "Watermark repeated text plus timestamp formatted yyyy-MM-dd HH:mm (HH:mm dd-MM-yyyy in en-gb)."
describe('watermarkText (spec 9 watermark time format)', () => {
  const when = new Date(2026, 2, 7, 9, 5, 30);
  it.each([
    ['zh-CN', ['张三', '安全生产'], '张三 安全生产 2026-03-07 09:05'],
    ['en-gb', ['Ann', 'Safety'], 'Ann Safety 09:05 07-03-2026'],
    ['zh-CN', ['', null, ' 李四 '], '李四 2026-03-07 09:05'],
  ] as const)('%s %j', (locale, parts, expected) => expect(watermarkText(parts, when, locale)).toBe(expected));
});

describe('watermarkTiles (the text repeated over the whole pad)', () => {
  it('covers the pad in staggered rows', () => {
    const tiles = watermarkTiles({ width: 600, height: 216 }, { width: 200, height: 72 });
    expect(tiles.filter((tile) => tile.y === 36).map((tile) => tile.x)).toEqual([0, 200, 400]);
    expect(tiles.filter((tile) => tile.y === 108).map((tile) => tile.x)).toEqual([-100, 100, 300, 500]);
    expect(Math.max(...tiles.map((tile) => tile.y))).toBeGreaterThanOrEqual(216);
  });
  it('no tiles for a step of zero', () =>
    expect(watermarkTiles({ width: 600, height: 216 }, { width: 0, height: 10 })).toEqual([]));
});
