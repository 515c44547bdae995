/**
 * The live player on a phone, and on a desktop without FLV (spec 2 'Live video page'): HLS through video.js
 * with the spec's controls as far as video.js has them (large play, play, current time, progress or live
 * edge, mute and volume, captions, picture-in-picture, fullscreen; AirPlay is Safari's own), hotkeys off.
 * Its own lazy chunk, as the learn pages' video viewer is.
 */
import { useEffect, useRef } from 'react';
import videojs from 'video.js';
import videojsEnGb from 'video.js/dist/lang/en-GB.json';
import videojsZhCn from 'video.js/dist/lang/zh-CN.json';
import { useLocale } from '../../i18n';
import { ensureStylesheet, vendorBase } from '../../components/viewers/vendor';
import { logFailure, watchProgress, type StreamPlayerProps } from './types';

videojs.addLanguage('zh-CN', videojsZhCn);
videojs.addLanguage('en-GB', videojsEnGb);
const PLAYER_LANGUAGE = { 'zh-CN': 'zh-CN', 'en-gb': 'en-GB' } as const;
const VIDEOJS_VERSION = (videojs as unknown as { VERSION: string }).VERSION;

const CONTROLS = [
  'playToggle',
  'currentTimeDisplay',
  'progressControl',
  'liveDisplay',
  'seekToLive',
  'volumePanel',
  'subsCapsButton',
  'pictureInPictureToggle',
  'fullscreenToggle',
];

export default function HlsPlayer({ url, title, onFailure, onPlaying }: StreamPlayerProps) {
  const locale = useLocale();
  const holder = useRef<HTMLDivElement>(null);
  const events = useRef({ onFailure, onPlaying });
  events.current = { onFailure, onPlaying };

  useEffect(() => {
    const box = holder.current;
    if (!box) return;
    void ensureStylesheet(`${vendorBase('video.js', VIDEOJS_VERSION)}video-js.min.css`);
    const element = document.createElement('video-js');
    element.className = 'video-js vjs-big-play-centered live-video';
    element.setAttribute('playsinline', '');
    element.setAttribute('aria-label', title);
    box.appendChild(element);
    let done = false;
    const fail = (reason: string) => {
      if (done) return;
      done = true;
      logFailure('hls', reason);
      events.current.onFailure(reason);
    };
    const player = videojs(element, {
      controls: true,
      autoplay: true,
      preload: 'auto',
      fluid: true,
      aspectRatio: '16:9',
      liveui: true,
      language: PLAYER_LANGUAGE[locale],
      userActions: { hotkeys: false, doubleClick: true },
      controlBar: { children: CONTROLS },
      html5: { vhs: { overrideNative: !videojs.browser.IS_ANY_SAFARI } },
      sources: [{ src: url, type: 'application/x-mpegURL' }],
    });
    player.on('error', () => fail(player.error()?.message ?? 'error'));
    const media = player.el().querySelector('video');
    const stop = media
      ? watchProgress(
          media,
          () => events.current.onPlaying(),
          () => fail('stalled'),
        )
      : () => undefined;
    return () => {
      done = true;
      stop();
      player.dispose();
    };
  }, [url, title, locale]);

  return <div className="live-player" data-player="hls" ref={holder} />;
}
