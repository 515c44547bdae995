import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import {
  fitSize,
  fullScreenState,
  maxStrokeWidth,
  rescaleStrokes,
  SIGNATURE_BACKGROUND,
  SIGNATURE_CANVAS,
  SIGNATURE_STROKE,
  smoothSpeed,
  strokeWidth,
  toPadPoint,
  watermarkText,
  watermarkTiles,
  type Size,
  type Stroke,
  type StrokePoint,
} from '../../../shared/rules/signature';
import { feedbackCalls } from '../../../shared/calls/feedback';
import { request } from '../../api/client';
import { signatureForm } from '../../api/feedback';
import { useBootstrap } from '../../bootstrap';
import { useLocale, useT } from '../../i18n';
import { useCourseInfo } from '../../hooks/useCatalogue';
import { toast } from '../feedback';
import { useDialogFocus } from '../../hooks/useDialogFocus';

/**
 * The e-signature dialog (spec 4 'Signature dialog', spec 5 'Signature', spec 9 canvas and watermark).
 * States: blank (redo disabled), drawing (strokes recorded), signed (redo enabled), saving (spinner), saved
 * (onClose(true)) or failed (toast 保存失败,请重新输入, the pad is cleared to sign again).
 * Mouse, pen and touch draw through pointer events. The strokes are kept in pad coordinates and drawn again,
 * rescaled, whenever the pad changes size (full screen, a turn of the device, a resized window). The saved
 * image is a JPEG of the pad at 600x216 (1160x418 full screen) with the watermark — the student's name, the
 * course title and the time (yyyy-MM-dd HH:mm, HH:mm dd-MM-yyyy in en-gb) repeated over the pad — under the
 * strokes; it is uploaded as signature.jpeg and bound with stu/savesignature.
 */

type Phase = 'blank' | 'drawing' | 'signed' | 'saving' | 'saved' | 'failed';

/** Room the dialog's chrome takes around the pad (title, hint, buttons, margins), in CSS pixels. */
const CHROME = { normal: { width: 48, height: 220 }, fullScreen: { width: 24, height: 132 } };
const WATERMARK_COLOUR = 'rgba(46, 84, 150, 0.16)';

interface Device {
  mobile: boolean;
  portrait: boolean;
  mac: boolean;
  room: Size;
}

/** What the dialog needs of the device: a touch phone or tablet, held upright or not, a Mac, the window's size. */
function readDevice(): Device {
  const coarse = window.matchMedia('(pointer: coarse)').matches;
  const smallScreen = Math.min(window.screen.width, window.screen.height) < 768;
  const mobile = coarse && smallScreen;
  const portrait = window.matchMedia('(orientation: portrait)').matches;
  const mac = /Macintosh|Mac OS X/.test(navigator.userAgent);
  return { mobile, portrait, mac, room: { width: window.innerWidth, height: window.innerHeight } };
}

function useDevice(): Device {
  const [device, setDevice] = useState(readDevice);
  useEffect(() => {
    const update = () => setDevice(readDevice());
    window.addEventListener('resize', update);
    window.addEventListener('orientationchange', update);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('orientationchange', update);
    };
  }, []);
  return device;
}

function drawDot(g: CanvasRenderingContext2D, point: StrokePoint): void {
  g.beginPath();
  g.fillStyle = SIGNATURE_STROKE.color;
  g.arc(point.x, point.y, point.width / 2, 0, Math.PI * 2);
  g.fill();
}

function drawSegment(g: CanvasRenderingContext2D, from: StrokePoint, to: StrokePoint): void {
  g.beginPath();
  g.strokeStyle = SIGNATURE_STROKE.color;
  g.lineWidth = (from.width + to.width) / 2;
  g.lineCap = 'round';
  g.lineJoin = 'round';
  g.moveTo(from.x, from.y);
  g.lineTo(to.x, to.y);
  g.stroke();
}

function drawWatermark(g: CanvasRenderingContext2D, size: Size, text: string): void {
  const fontSize = Math.max(11, Math.round(size.width / 42));
  g.save();
  g.font = `${fontSize}px "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif`;
  g.fillStyle = WATERMARK_COLOUR;
  g.textBaseline = 'middle';
  const step = { width: g.measureText(text).width + fontSize * 4, height: fontSize * 5 };
  for (const tile of watermarkTiles(size, step)) {
    g.save();
    g.translate(tile.x, tile.y);
    g.rotate(-Math.PI / 14);
    g.fillText(text, 0, 0);
    g.restore();
  }
  g.restore();
}

/** Paints the whole pad: pale blue, the watermark, then every stroke. */
function paint(
  canvas: HTMLCanvasElement,
  size: Size,
  strokes: readonly Stroke[],
  mark: string,
  ratio: number,
): CanvasRenderingContext2D | null {
  canvas.width = Math.max(1, Math.round(size.width * ratio));
  canvas.height = Math.max(1, Math.round(size.height * ratio));
  const g = canvas.getContext('2d');
  if (!g) return null;
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.fillStyle = SIGNATURE_BACKGROUND;
  g.fillRect(0, 0, size.width, size.height);
  drawWatermark(g, size, mark);
  for (const stroke of strokes) {
    if (stroke.length === 1) drawDot(g, stroke[0]!);
    for (let i = 1; i < stroke.length; i++) drawSegment(g, stroke[i - 1]!, stroke[i]!);
  }
  return g;
}

function toJpeg(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
}

export default function SignatureDialog(props: { coid: string; cid: string; onClose: (saved: boolean) => void }) {
  const { coid, cid, onClose } = props;
  const t = useT();
  const locale = useLocale();
  const boot = useBootstrap();
  const { data: course } = useCourseInfo(coid);
  const device = useDevice();
  const [chosenFull, setChosenFull] = useState(false);
  const [phase, setPhase] = useState<Phase>('blank');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const strokesRef = useRef<Stroke[]>([]);
  const drawnSizeRef = useRef<Size | null>(null);
  const contextRef = useRef<CanvasRenderingContext2D | null>(null);
  const activeRef = useRef<{
    pointerId: number;
    stroke: Stroke;
    x: number;
    y: number;
    t: number;
    speed: number;
    box: DOMRect;
  } | null>(null);
  const [openedAt] = useState(() => Date.now());

  const { toggle, fullScreen } = fullScreenState({
    mobile: device.mobile,
    portrait: device.portrait,
    mac: device.mac,
    chosen: chosenFull,
  });
  const base = fullScreen ? SIGNATURE_CANVAS.fullScreen : SIGNATURE_CANVAS.normal;
  const chrome = fullScreen ? CHROME.fullScreen : CHROME.normal;
  const pad = fitSize(base, {
    width: Math.max(120, device.room.width - chrome.width),
    height: Math.max(60, device.room.height - chrome.height),
  });
  const maxWidth = maxStrokeWidth(device.mobile);
  const name = boot.userData.sname || boot.userData.uname;
  const markAt = useCallback(
    (when: number) => watermarkText([name, course?.title], when, locale),
    [name, course?.title, locale],
  );
  const busy = phase === 'saving' || phase === 'saved';
  const hasStrokes = phase === 'drawing' || phase === 'signed';

  // A new pad size (full screen, a turned device, a resized window): the strokes follow, rescaled, and all is drawn again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pad is new each render; its size counts
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const previous = drawnSizeRef.current;
    if (previous && (previous.width !== pad.width || previous.height !== pad.height)) {
      strokesRef.current = rescaleStrokes(strokesRef.current, previous, pad);
    }
    drawnSizeRef.current = pad;
    contextRef.current = paint(canvas, pad, strokesRef.current, markAt(openedAt), window.devicePixelRatio || 1);
  }, [pad.width, pad.height, markAt, openedAt]);

  useDialogFocus(dialogRef);

  const clearPad = () => {
    strokesRef.current = [];
    activeRef.current = null;
    const canvas = canvasRef.current;
    if (canvas) contextRef.current = paint(canvas, pad, [], markAt(openedAt), window.devicePixelRatio || 1);
  };

  const handlePointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (busy || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    const canvas = event.currentTarget;
    try {
      canvas.setPointerCapture(event.pointerId);
    } catch {
      // Not an active pointer (a synthetic event): draw without capture.
    }
    const box = canvas.getBoundingClientRect();
    const { x, y } = toPadPoint(event.clientX, event.clientY, box, pad);
    const point = { x, y, width: strokeWidth(0, maxWidth) };
    const stroke: Stroke = [point];
    strokesRef.current.push(stroke);
    activeRef.current = { pointerId: event.pointerId, stroke, x, y, t: event.timeStamp, speed: 0, box };
    if (contextRef.current) drawDot(contextRef.current, point);
    setPhase('drawing');
  };

  const handlePointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const active = activeRef.current;
    if (!active || active.pointerId !== event.pointerId) return;
    event.preventDefault();
    const native = event.nativeEvent;
    const moves = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    for (const move of moves.length > 0 ? moves : [native]) {
      const { x, y } = toPadPoint(move.clientX, move.clientY, active.box, pad);
      const distance = Math.hypot(x - active.x, y - active.y);
      if (distance < 0.5) continue;
      active.speed = smoothSpeed(active.speed, distance, move.timeStamp - active.t);
      const point = { x, y, width: strokeWidth(active.speed, maxWidth) };
      const last = active.stroke[active.stroke.length - 1]!;
      active.stroke.push(point);
      if (contextRef.current) drawSegment(contextRef.current, last, point);
      Object.assign(active, { x, y, t: move.timeStamp });
    }
  };

  const handlePointerEnd = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!activeRef.current || activeRef.current.pointerId !== event.pointerId) return;
    activeRef.current = null;
    setPhase('signed');
  };

  const handleRedo = () => {
    clearPad();
    setPhase('blank');
  };

  const fail = () => {
    toast(t('feedback.signature.failed'));
    clearPad();
    setPhase('failed');
  };

  const handleSave = async () => {
    if (busy) return;
    if (strokesRef.current.length === 0) return toast(t('feedback.signature.empty'));
    setPhase('saving');
    const out = document.createElement('canvas');
    paint(out, base, rescaleStrokes(strokesRef.current, pad, base), markAt(Date.now()), 1);
    const image = await toJpeg(out);
    if (!image) return fail();
    const uploaded = await request(feedbackCalls.uploadSignature, { body: signatureForm(image) });
    if (uploaded.status !== 'ok') return fail();
    const saved = await request(feedbackCalls.saveSignature, { body: { img: uploaded.data.key, coid, cid } });
    if (saved.status !== 'ok') return fail();
    setPhase('saved');
    toast(t('feedback.signature.saved'));
    onClose(true);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !busy) {
      event.preventDefault();
      onClose(false);
    }
  };

  return (
    <div className={`dialog-mask sig-mask${fullScreen ? ' is-full' : ''}`} data-testid="signature-mask">
      <div
        ref={dialogRef}
        className={`sig-dialog${fullScreen ? ' is-full' : ''}${device.mobile ? ' is-mobile' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="sig-title"
        tabIndex={-1}
        onKeyDown={handleKeyDown}
        data-testid="signature-dialog"
        data-phase={phase}
        data-full={fullScreen ? '1' : '0'}
      >
        <div className="sig-head">
          <h2 id="sig-title" className="dialog-title">
            {t('feedback.signature.title')}
          </h2>
          <button
            type="button"
            className="sig-close"
            aria-label={t('feedback.signature.close')}
            disabled={busy}
            onClick={() => onClose(false)}
          >
            ×
          </button>
        </div>
        <p className="sig-hint">{phase === 'failed' ? t('feedback.signature.failed') : t('feedback.signature.hint')}</p>
        <div className="sig-pad" style={{ width: pad.width, height: pad.height }}>
          <canvas
            ref={canvasRef}
            className="sig-canvas"
            style={{ width: pad.width, height: pad.height }}
            aria-label={t('feedback.signature.canvas')}
            role="img"
            data-testid="signature-canvas"
            onPointerDown={handlePointerDown}
            onPointerMove={handlePointerMove}
            onPointerUp={handlePointerEnd}
            onPointerCancel={handlePointerEnd}
            onLostPointerCapture={handlePointerEnd}
          />
        </div>
        <div className="sig-actions">
          {toggle !== 'hidden' && (
            <button
              type="button"
              className="btn sig-full-toggle"
              disabled={toggle === 'disabled' || busy}
              title={toggle === 'disabled' ? t('feedback.signature.fullScreenDisabled') : undefined}
              aria-pressed={fullScreen}
              onClick={() => setChosenFull((value) => !value)}
              data-testid="signature-full"
            >
              {fullScreen ? t('feedback.signature.exitFullScreen') : t('feedback.signature.fullScreen')}
            </button>
          )}
          <button
            type="button"
            className="btn"
            disabled={!hasStrokes || busy}
            onClick={handleRedo}
            data-testid="signature-redo"
          >
            {t('feedback.signature.redo')}
          </button>
          <button
            type="button"
            className="btn btn-primary sig-save"
            disabled={busy}
            aria-busy={phase === 'saving'}
            onClick={() => void handleSave()}
            data-testid="signature-save"
          >
            {phase === 'saving' && <span className="spinner sig-spinner" aria-hidden="true" />}
            {phase === 'saving' ? t('feedback.signature.saving') : t('feedback.signature.save')}
          </button>
        </div>
      </div>
    </div>
  );
}
