import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { HomeSetting } from '../../../../shared/schemas/home-setting';
import { useT } from '../../../i18n';

const DESKTOP_WIDTH = 1280;
const MOBILE_WIDTH = 390;
const RESEND_MS = [600, 1500, 3000];

/** Sends the unsaved setting to the preview page: the 'homesetting' window message carries it as JSON text (spec 7). */
export function postHomeSetting(frame: HTMLIFrameElement | null, setting: HomeSetting): void {
  frame?.contentWindow?.postMessage({ type: 'homesetting', setting: JSON.stringify(setting) }, window.location.origin);
}

/**
 * The live preview: the school home page in an iframe, scaled to fit, told about every change of the
 * unsaved setting (and again after each load). Desktop or phone width.
 */
export function Preview({ src, setting }: { src: string; setting: HomeSetting }) {
  const t = useT();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const latest = useRef(setting);
  const [device, setDevice] = useState<'desktop' | 'mobile'>('desktop');
  const [box, setBox] = useState({ width: 480, height: 600 });
  const [reloads, setReloads] = useState(0);
  latest.current = setting;

  useLayoutEffect(() => {
    const element = boxRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) =>
      setBox({ width: entry.contentRect.width, height: entry.contentRect.height }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    postHomeSetting(frameRef.current, setting);
  }, [setting]);

  // Posted on load and again a little later: the page's own lazy screens and its footer fetch (about 1 s after
  // load, spec 9) come after the load event and must not leave the saved setting on screen.
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);
  const handleLoad = () => {
    postHomeSetting(frameRef.current, latest.current);
    timers.current.forEach((id) => window.clearTimeout(id));
    timers.current = RESEND_MS.map((ms) =>
      window.setTimeout(() => postHomeSetting(frameRef.current, latest.current), ms),
    );
  };

  const width = device === 'desktop' ? DESKTOP_WIDTH : MOBILE_WIDTH;
  const scale = Math.min(1, box.width / width);

  return (
    <section className="card ac-card ac-preview" aria-label={t('admin.home.preview')}>
      <div className="ac-section-head">
        <h2 className="section-title">{t('admin.home.preview')}</h2>
        <span className="ac-row-actions">
          <span className="ac-segmented" role="group" aria-label={t('admin.home.previewDevice')}>
            <button
              type="button"
              className={device === 'desktop' ? 'is-on' : ''}
              aria-pressed={device === 'desktop'}
              onClick={() => setDevice('desktop')}
            >
              {t('admin.home.desktop')}
            </button>
            <button
              type="button"
              className={device === 'mobile' ? 'is-on' : ''}
              aria-pressed={device === 'mobile'}
              onClick={() => setDevice('mobile')}
            >
              {t('admin.home.mobile')}
            </button>
          </span>
          <button type="button" className="btn btn-small" onClick={() => setReloads((n) => n + 1)}>
            {t('admin.home.reload')}
          </button>
        </span>
      </div>
      <p className="ac-hint">{t('admin.home.previewHint')}</p>
      <div ref={boxRef} className="ac-preview-box">
        <iframe
          key={`${device}-${reloads}`}
          ref={frameRef}
          src={src}
          title={t('admin.home.preview')}
          data-testid="home-preview"
          style={{ width, height: box.height / scale, transform: `scale(${scale})` }}
          onLoad={handleLoad}
        />
      </div>
    </section>
  );
}
