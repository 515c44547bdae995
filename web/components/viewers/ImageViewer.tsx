/**
 * Image chapters: the picture fitted to the viewer, zoomed with the wheel, a pinch of
 * two fingers, or the buttons; the point under the pointer (or between the fingers) stays put; a zoomed
 * picture is moved by scrolling or dragging. The page's own pinch zoom stays blocked (spec 2) — this one
 * zooms the picture only.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { clampZoom, ZOOM } from '../../../shared/rules/learning';
import { useT } from '../../i18n';
import { HEARTBEAT_STUDY_MS, useHeartbeat } from '../../hooks/useHeartbeat';
import { StatusPanel } from './StatusPanel';
import type { ViewerProps } from './types';

type Focus = { x: number; y: number };

export default function ImageViewer({ ware, onRetry }: ViewerProps) {
  const t = useT();
  const src = ware.urls.source ?? '';
  const stage = useRef<HTMLDivElement>(null);
  const [zoom, setZoomState] = useState(1);
  const [fitWidth, setFitWidth] = useState(0);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const pending = useRef<{ from: number; focus: Focus } | null>(null);
  const zoomNow = useRef(1);
  zoomNow.current = zoom;
  // The study heartbeat: time on the picture goes to the server (one page).
  useHeartbeat({
    coid: ware.coid,
    cid: ware.cid,
    intervalMs: HEARTBEAT_STUDY_MS,
    enabled: !!src,
    read: () => ({ position: 1, pages: 1, paused: document.hidden }),
  });

  /** Zooms to a factor, keeping the focus point (in the stage's box) where it is. */
  const setZoom = useCallback((next: (current: number) => number, focus?: Focus) => {
    setZoomState((current) => {
      const value = clampZoom(next(current));
      const box = stage.current;
      if (box && value !== current)
        pending.current = { from: current, focus: focus ?? { x: box.clientWidth / 2, y: box.clientHeight / 2 } };
      return value;
    });
  }, []);

  // Keep the focus point still: scroll so the same picture point sits under it after the size change.
  useLayoutEffect(() => {
    const box = stage.current;
    const change = pending.current;
    if (!box || !change) return;
    pending.current = null;
    const ratio = zoom / change.from;
    box.scrollLeft = (box.scrollLeft + change.focus.x) * ratio - change.focus.x;
    box.scrollTop = (box.scrollTop + change.focus.y) * ratio - change.focus.y;
  }, [zoom]);

  useEffect(() => {
    const box = stage.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => setFitWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(box);
    // The wheel zooms the picture instead of scrolling the page (a passive listener could not stop that).
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = box.getBoundingClientRect();
      const focus = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      setZoom((z) => (event.deltaY < 0 ? z * ZOOM.step : z / ZOOM.step), focus);
    };
    // Two fingers: the zoom follows the change of distance between them.
    let pinch: { distance: number; zoom: number } | null = null;
    const distance = (touches: TouchList) =>
      Math.hypot(touches[0]!.clientX - touches[1]!.clientX, touches[0]!.clientY - touches[1]!.clientY);
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length === 2) pinch = { distance: distance(event.touches), zoom: zoomNow.current };
    };
    const onTouchMove = (event: TouchEvent) => {
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault();
      const rect = box.getBoundingClientRect();
      const focus = {
        x: (event.touches[0]!.clientX + event.touches[1]!.clientX) / 2 - rect.left,
        y: (event.touches[0]!.clientY + event.touches[1]!.clientY) / 2 - rect.top,
      };
      const scale = distance(event.touches) / pinch.distance;
      const start = pinch.zoom;
      setZoom(() => start * scale, focus);
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) pinch = null;
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    box.addEventListener('touchstart', onTouchStart, { passive: true });
    box.addEventListener('touchmove', onTouchMove, { passive: false });
    box.addEventListener('touchend', onTouchEnd);
    return () => {
      observer.disconnect();
      box.removeEventListener('wheel', onWheel);
      box.removeEventListener('touchstart', onTouchStart);
      box.removeEventListener('touchmove', onTouchMove);
      box.removeEventListener('touchend', onTouchEnd);
    };
  }, [setZoom, failed]);

  // Drag a zoomed picture with the mouse.
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  if (!src) return <StatusPanel ware={ware} onRetry={onRetry} />;
  if (failed) return <StatusPanel ware={ware} text={t('learn.imageError')} onRetry={onRetry} testId="image-error" />;
  const fit = natural && fitWidth ? Math.min(1, fitWidth / natural.width) : 1;
  const width = natural ? Math.round(natural.width * fit * zoom) : undefined;
  return (
    <div className="learn-image" data-testid="image-viewer">
      <div className="learn-toolbar" role="toolbar">
        <button
          type="button"
          className="btn btn-light btn-small"
          onClick={() => setZoom((z) => z / ZOOM.step)}
          aria-label={t('learn.zoomOut')}
        >
          −
        </button>
        <button
          type="button"
          className="btn btn-text btn-small"
          onClick={() => setZoom(() => 1)}
          title={t('learn.zoomReset')}
          data-testid="image-zoom"
        >
          {t('learn.zoom', { percent: Math.round(zoom * 100) })}
        </button>
        <button
          type="button"
          className="btn btn-light btn-small"
          onClick={() => setZoom((z) => z * ZOOM.step)}
          aria-label={t('learn.zoomIn')}
        >
          +
        </button>
      </div>
      <div
        className={`learn-image-stage${zoom > 1 ? ' is-zoomed' : ''}`}
        ref={stage}
        data-zoom={zoom}
        onMouseDown={(event) => {
          const box = stage.current;
          if (box && event.button === 0)
            drag.current = { x: event.clientX, y: event.clientY, left: box.scrollLeft, top: box.scrollTop };
        }}
        onMouseMove={(event) => {
          const box = stage.current;
          if (!box || !drag.current) return;
          box.scrollLeft = drag.current.left - (event.clientX - drag.current.x);
          box.scrollTop = drag.current.top - (event.clientY - drag.current.y);
        }}
        onMouseUp={() => (drag.current = null)}
        onMouseLeave={() => (drag.current = null)}
      >
        <img
          src={src}
          alt={ware.title}
          draggable={false}
          style={{ width }}
          data-testid="image-picture"
          onLoad={(event) =>
            setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
          }
          onError={() => setFailed(true)}
        />
      </div>
    </div>
  );
}
