/**
 * The desktop live player (spec 2 'Live video page', spec 9 'FLV with stash buffer off'): HTTP-FLV through
 * mpegts.js into a plain <video> with the browser's controls and a large play button; no keyboard shortcuts.
 * Its own lazy chunk, so mpegts.js loads only on a live page.
 */
import mpegts from 'mpegts.js';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { logFailure, watchProgress, type StreamPlayerProps } from './types';

export default function FlvPlayer({ url, title, onFailure, onPlaying }: StreamPlayerProps) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(true);
  const events = useRef({ onFailure, onPlaying });
  events.current = { onFailure, onPlaying };

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let done = false;
    const fail = (reason: string) => {
      if (done) return;
      done = true;
      logFailure('flv', reason);
      events.current.onFailure(reason);
    };
    let player: mpegts.Player;
    try {
      if (!mpegts.getFeatureList().mseLivePlayback) throw new Error('no MSE live playback');
      player = mpegts.createPlayer(
        { type: 'flv', isLive: true, url },
        { enableStashBuffer: false, liveBufferLatencyChasing: true, enableWorker: false, lazyLoad: false },
      );
    } catch (error) {
      fail(String(error));
      return;
    }
    player.attachMediaElement(element);
    player.on(mpegts.Events.ERROR, (type: string, detail: string) => fail(`${type}: ${detail}`));
    player.on(mpegts.Events.LOADING_COMPLETE, () => fail('the stream ended'));
    player.load();
    const started = player.play() as Promise<void> | undefined;
    started?.catch(() => setPaused(true));
    const stop = watchProgress(
      element,
      () => events.current.onPlaying(),
      () => fail('stalled'),
    );
    return () => {
      done = true;
      stop();
      try {
        player.pause();
        player.unload();
        player.detachMediaElement();
        player.destroy();
      } catch (error) {
        logFailure('flv', error);
      }
    };
  }, [url]);

  const play = () => void video.current?.play().catch((error) => logFailure('flv', error));
  return (
    <div className="live-player" data-player="flv">
      {/* biome-ignore lint/a11y/useMediaCaption: a live stream has no caption track to give */}
      <video
        ref={video}
        className="live-video"
        controls
        playsInline
        aria-label={title}
        onPlay={() => setPaused(false)}
        onPause={() => setPaused(true)}
      />
      {paused && (
        <button type="button" className="live-play-large" onClick={play} aria-label={t('live.play')}>
          <span aria-hidden="true">▶</span>
        </button>
      )}
    </div>
  );
}
