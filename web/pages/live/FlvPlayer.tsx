/**
 * The desktop live player (spec 2 'Live video page', spec 9 'FLV with stash buffer off'): HTTP-FLV through
 * mpegts.js into the <video> of the same video.js frame the HLS player uses (videojs-shell: the spec's controls,
 * a large play button, hotkeys off). Its own lazy chunk, so mpegts.js loads only on a live page.
 */
import mpegts from 'mpegts.js';
import { useEffect, useRef } from 'react';
import { useLocale } from '../../i18n';
import { logFailure, superviseStream, type StreamPlayerProps } from './types';
import { liveVideoJs } from './videojs-shell';

export default function FlvPlayer({ url, title, onFailure, onPlaying }: StreamPlayerProps) {
  const locale = useLocale();
  const holder = useRef<HTMLDivElement>(null);
  const events = useRef({ onFailure, onPlaying });
  events.current = { onFailure, onPlaying };

  useEffect(() => {
    const box = holder.current;
    if (!box) return;
    const { player: frame, media } = liveVideoJs(box, { title, locale });
    const { fail, stop } = superviseStream('flv', media, events);
    let player: mpegts.Player | null = null;
    try {
      if (!media) throw new Error('no video element');
      if (!mpegts.getFeatureList().mseLivePlayback) throw new Error('no MSE live playback');
      player = mpegts.createPlayer(
        { type: 'flv', isLive: true, url },
        { enableStashBuffer: false, liveBufferLatencyChasing: true, enableWorker: false, lazyLoad: false },
      );
      player.attachMediaElement(media);
      player.on(mpegts.Events.ERROR, (type: string, detail: string) => fail(`${type}: ${detail}`));
      player.on(mpegts.Events.LOADING_COMPLETE, () => fail('the stream ended'));
      player.load();
      // A browser that refuses to start sound on its own leaves the large play button to the viewer.
      (player.play() as Promise<void> | undefined)?.catch(() => undefined);
    } catch (error) {
      fail(String(error));
    }
    return () => {
      stop();
      try {
        player?.pause();
        player?.unload();
        player?.detachMediaElement();
        player?.destroy();
      } catch (error) {
        logFailure('flv', error);
      }
      frame.dispose();
    };
  }, [url, title, locale]);

  return <div className="live-player" data-player="flv" ref={holder} />;
}
