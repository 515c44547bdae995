/**
 * The live player on a phone, and on a desktop without FLV (spec 2 'Live video page'): HLS through video.js
 * (videojs-shell: the spec's controls, hotkeys off). Its own lazy chunk, as the learn pages' video viewer is.
 */
import { useEffect, useRef } from 'react';
import { useLocale } from '../../i18n';
import { superviseStream, type StreamPlayerProps } from './types';
import { liveVideoJs } from './videojs-shell';

export default function HlsPlayer({ url, title, onFailure, onPlaying }: StreamPlayerProps) {
  const locale = useLocale();
  const holder = useRef<HTMLDivElement>(null);
  const events = useRef({ onFailure, onPlaying });
  events.current = { onFailure, onPlaying };

  useEffect(() => {
    const box = holder.current;
    if (!box) return;
    const { player, media } = liveVideoJs(box, { title, locale, hls: url });
    const { fail, stop } = superviseStream('hls', media, events);
    player.on('error', () => fail(player.error()?.message ?? 'error'));
    return () => {
      stop();
      player.dispose();
    };
  }, [url, title, locale]);

  return <div className="live-player" data-player="hls" ref={holder} />;
}
