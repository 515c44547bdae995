/**
 * Document, office and presentation-as-PDF chapters: pdf.js page by page with
 * its worker, cmaps (Chinese text in PDFs that do not embed their fonts), standard fonts and wasm, all
 * copied to /assets/vendor/pdfjs-{version}/ at build time (recipes.md). One page at a time on a canvas
 * with its text layer (selectable, searchable text); page navigation by buttons, the page box and the
 * keyboard; zoom from fit-width; the page is remembered per chapter. The file comes by HTTP Range from
 * the signed /media address, so a long document starts showing before it has all arrived.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { clampPage, clampZoom, ZOOM } from '../../../shared/rules/learning';
import { useT } from '../../i18n';
import { HEARTBEAT_STUDY_MS, useHeartbeat, useLearnRecord } from '../../hooks/useHeartbeat';
import { recall, remember } from './memory';
import { announcePosition, registerPosition, takeSpot } from './position';
import { StatusPanel } from './StatusPanel';
import type { ViewerProps } from './types';
import { vendorBase } from './vendor';

const base = vendorBase('pdfjs', pdfjs.version);
pdfjs.GlobalWorkerOptions.workerSrc = `${base}pdf.worker.min.mjs`;

/** Horizontal room around the page inside the viewer (px). */
const GUTTER = 32;

export default function PdfViewer({ ware, memoryKey, onRetry }: ViewerProps) {
  const t = useT();
  const url = ware.urls.pdf ?? '';
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(() => clampPage(recall(memoryKey, 'page'), Number.MAX_SAFE_INTEGER));
  const [zoom, setZoom] = useState(1);
  const [width, setWidth] = useState(0);
  const [pageInput, setPageInput] = useState(String(page));
  const stage = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const pages = doc?.numPages ?? 0;
  // The server's record says where to resume; time on the page goes to it with the page shown.
  const record = useLearnRecord(ware.coid, ware.cid);
  const shown = useRef(page);
  shown.current = page;
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || record === undefined) return;
    resumed.current = true;
    // A note opened from My notes asks for its page; otherwise the learner resumes where they left off.
    const asked = takeSpot(ware.cid)?.page;
    const target = asked ?? (record && record.position >= 1 ? record.position : null);
    if (target === null) return;
    shown.current = clampPage(target, pages || Number.MAX_SAFE_INTEGER);
    setPage(shown.current);
  }, [record, pages, ware.cid]);
  // The heartbeat starts once the record is known (and after the resume above): a first beat sent before it
  // would report page 1, and the server would forget where a returning student was.
  useHeartbeat({
    coid: ware.coid,
    cid: ware.cid,
    intervalMs: HEARTBEAT_STUDY_MS,
    enabled: !!url && record !== undefined,
    read: () => ({ position: shown.current, pages: pages || undefined, paused: document.hidden }),
  });

  // Load the document.
  useEffect(() => {
    if (!url) return;
    setFailed(false);
    setDoc(null);
    const task = pdfjs.getDocument({
      url,
      cMapUrl: `${base}cmaps/`,
      cMapPacked: true,
      standardFontDataUrl: `${base}standard_fonts/`,
      wasmUrl: `${base}wasm/`,
      iccUrl: `${base}iccs/`,
      isEvalSupported: false,
      rangeChunkSize: 256 * 1024,
    });
    task.promise.then(
      (loaded) => {
        setDoc(loaded);
        setPage((current) => clampPage(current, loaded.numPages));
      },
      (error: unknown) => {
        if ((error as { name?: string })?.name !== 'AbortException') setFailed(true);
      },
    );
    return () => {
      void task.destroy();
    };
  }, [url]);

  // Follow the viewer's width (fit-width zoom).
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Draw the page and its text layer.
  useEffect(() => {
    if (!doc || !width || !canvas.current || !textLayer.current || !sheet.current) return;
    let cancelled = false;
    let renderTask: RenderTask | null = null;
    let text: pdfjs.TextLayer | null = null;
    void (async () => {
      const pdfPage = await doc.getPage(page);
      if (cancelled) return;
      const natural = pdfPage.getViewport({ scale: 1 });
      const fit = Math.max(0.1, (width - GUTTER) / natural.width);
      const viewport = pdfPage.getViewport({ scale: fit * zoom });
      const ratio = window.devicePixelRatio || 1;
      const target = canvas.current!;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      sheet.current!.style.setProperty('--total-scale-factor', String(viewport.scale));
      sheet.current!.style.width = `${Math.floor(viewport.width)}px`;
      sheet.current!.style.height = `${Math.floor(viewport.height)}px`;
      renderTask = pdfPage.render({
        canvas: target,
        canvasContext: target.getContext('2d')!,
        viewport,
        transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
      });
      try {
        await renderTask.promise;
      } catch {
        return;
      }
      if (cancelled) return;
      const layer = textLayer.current!;
      layer.replaceChildren();
      text = new pdfjs.TextLayer({ textContentSource: pdfPage.streamTextContent(), container: layer, viewport });
      await text.render().catch(() => undefined);
      if (!cancelled) sheet.current?.setAttribute('data-rendered', String(page));
    })();
    return () => {
      cancelled = true;
      renderTask?.cancel();
      text?.cancel();
    };
  }, [doc, page, zoom, width]);

  useEffect(() => {
    setPageInput(String(page));
    if (doc) remember(memoryKey, 'page', page);
  }, [page, doc, memoryKey]);

  const go = useCallback((next: number) => setPage(clampPage(next, pages)), [pages]);
  // The notes beside the document read its page and turn to one (web/components/viewers/position.ts).
  useEffect(() => registerPosition({ page: () => shown.current, turn: go }), [go]);
  useEffect(() => announcePosition(), [page]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).tagName === 'INPUT') return;
    const moves: Record<string, number> = {
      ArrowRight: page + 1,
      ArrowDown: page + 1,
      PageDown: page + 1,
      ArrowLeft: page - 1,
      ArrowUp: page - 1,
      PageUp: page - 1,
      Home: 1,
      End: pages,
    };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]!);
    }
  };

  if (!url) return <StatusPanel ware={ware} onRetry={onRetry} />;
  if (failed) {
    return <StatusPanel ware={ware} text={t('learn.pdfError')} onRetry={onRetry} testId="pdf-error" />;
  }
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable on purpose, so the arrow, Page and Home/End keys turn the pages once the reader clicks or tabs into the document
    <div className="learn-pdf" data-testid="pdf-viewer" tabIndex={0} onKeyDown={onKeyDown} aria-busy={!doc}>
      <div className="learn-toolbar" role="toolbar">
        <button
          type="button"
          className="btn btn-light btn-small"
          onClick={() => go(page - 1)}
          disabled={page <= 1}
          aria-label={t('learn.prevPage')}
        >
          ‹
        </button>
        <form
          className="learn-page-form"
          onSubmit={(event) => {
            event.preventDefault();
            go(Number(pageInput));
          }}
        >
          <input
            aria-label={t('learn.pageInput')}
            value={pageInput}
            inputMode="numeric"
            onChange={(event) => setPageInput(event.target.value.replace(/\D/g, ''))}
            onBlur={() => go(Number(pageInput))}
          />
          <span data-testid="pdf-page">{t('learn.page', { page, pages: pages || '-' })}</span>
        </form>
        <button
          type="button"
          className="btn btn-light btn-small"
          onClick={() => go(page + 1)}
          disabled={!pages || page >= pages}
          aria-label={t('learn.nextPage')}
        >
          ›
        </button>
        <span className="learn-toolbar-gap" />
        <button
          type="button"
          className="btn btn-light btn-small"
          onClick={() => setZoom((z) => clampZoom(z / ZOOM.step))}
          aria-label={t('learn.zoomOut')}
        >
          −
        </button>
        <button
          type="button"
          className="btn btn-text btn-small"
          onClick={() => setZoom(1)}
          title={t('learn.zoomReset')}
          data-testid="pdf-zoom"
        >
          {t('learn.zoom', { percent: Math.round(zoom * 100) })}
        </button>
        <button
          type="button"
          className="btn btn-light btn-small"
          onClick={() => setZoom((z) => clampZoom(z * ZOOM.step))}
          aria-label={t('learn.zoomIn')}
        >
          +
        </button>
      </div>
      {/* The page scrolls inside the stage when zoomed: focusable, so it scrolls from the keyboard too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus to scroll without a pointer */}
      <div className="learn-pdf-stage" ref={stage} tabIndex={0}>
        <div className="learn-pdf-sheet" ref={sheet} data-testid="pdf-page-sheet">
          <canvas ref={canvas} />
          <div className="textLayer" ref={textLayer} data-testid="pdf-text" />
        </div>
      </div>
    </div>
  );
}
