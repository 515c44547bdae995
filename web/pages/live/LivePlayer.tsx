/**
 * The stream on the live page: FLV through mpegts.js on a desktop, HLS through video.js on a phone or when FLV
 * cannot play here. A player that fails or stalls only logs (spec 7) and the page tries again after 2, 4, 8,
 * 16 then 30 s, asking live/info first (fresh signed addresses, and the session may have ended); a desktop
 * whose FLV never played falls back to HLS. The addresses a player started with stay until it is retried, so
 * the page's regular refresh never restarts a playing stream.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { LiveInfo } from '../../../shared/schemas/live';
import { Loading } from '../../components/Loading';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';

const FlvPlayer = lazy(() => import('./FlvPlayer'));
const HlsPlayer = lazy(() => import('./HlsPlayer'));

type Playback = NonNullable<LiveInfo['playback']>;

/** The wait before the n-th retry in a row (1-based): 2, 4, 8, 16, 30, 30… s. */
export const retryDelayS = (n: number) => Math.min(30, 2 ** n);

/** Whether this browser can play FLV through mpegts.js (Media Source with H.264 and AAC). */
function flvPlayable(): boolean {
  const source = (window as unknown as { MediaSource?: typeof MediaSource }).MediaSource;
  return !!source && source.isTypeSupported('video/mp4; codecs="avc1.42E01E,mp4a.40.2"');
}

export function LivePlayer({
  playback,
  title,
  refresh,
}: {
  playback: Playback;
  title: string;
  /** Asks live/info again; resolves with the new reply. */
  refresh: () => Promise<LiveInfo | undefined>;
}) {
  const t = useT();
  const mobile = useIsMobile();
  const [urls, setUrls] = useState(playback);
  const [flvBroken, setFlvBroken] = useState(() => !flvPlayable());
  const [wait, setWait] = useState<number | null>(null);
  const [generation, setGeneration] = useState(0);
  const failures = useRef(0);
  const played = useRef(false);
  const latest = useRef({ playback, refresh });
  latest.current = { playback, refresh };
  const kind = mobile || flvBroken ? 'hls' : 'flv';

  const onFailure = useCallback(() => {
    if (kind === 'flv' && !played.current) setFlvBroken(true);
    failures.current += 1;
    setWait(retryDelayS(failures.current));
  }, [kind]);
  const onPlaying = useCallback(() => {
    played.current = true;
    failures.current = 0;
  }, []);

  useEffect(() => {
    if (wait === null) return;
    if (wait > 0) {
      const timer = window.setTimeout(() => setWait(wait - 1), 1000);
      return () => window.clearTimeout(timer);
    }
    let gone = false;
    void latest.current
      .refresh()
      .catch(() => undefined)
      .then((fresh) => {
        if (gone) return;
        setUrls(fresh?.playback ?? latest.current.playback);
        setWait(null);
        setGeneration((n) => n + 1);
      });
    return () => {
      gone = true;
    };
  }, [wait]);

  if (wait !== null)
    return (
      <div className="live-player live-reconnecting" role="status" data-testid="live-reconnecting">
        <p>{t('live.reconnecting', { seconds: wait })}</p>
      </div>
    );
  const Player = kind === 'flv' ? FlvPlayer : HlsPlayer;
  return (
    <Suspense fallback={<Loading />}>
      <Player
        key={`${kind}-${generation}`}
        url={kind === 'flv' ? urls.flv : urls.hls}
        title={title}
        onFailure={onFailure}
        onPlaying={onPlaying}
      />
    </Suspense>
  );
}
