/**
 * The live page's player frame (spec 2 'Live video page'): video.js with the spec's controls as far as video.js
 * has them (large play, play, current time, progress or live edge, mute and volume, captions,
 * picture-in-picture, fullscreen; AirPlay is Safari's own), hotkeys off. HlsPlayer gives it the HLS address;
 * FlvPlayer gives it none and feeds its <video> through mpegts.js, so both streams show the same controls.
 */
import videojs from 'video.js';
import videojsEnGb from 'video.js/dist/lang/en-GB.json';
import videojsZhCn from 'video.js/dist/lang/zh-CN.json';
import type { Locale } from '../../../shared/constants';
import { ensureStylesheet, vendorBase } from '../../components/viewers/vendor';

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

export type LiveVideoJs = ReturnType<typeof videojs>;

/**
 * A video.js player in `box` for a live stream: with `hls`, it plays that playlist (VHS, or Safari's own);
 * without, it is only the frame and controls around its <video> (media), which the caller feeds.
 */
export function liveVideoJs(
  box: HTMLElement,
  options: { title: string; locale: Locale; hls?: string },
): { player: LiveVideoJs; media: HTMLVideoElement | null } {
  void ensureStylesheet(`${vendorBase('video.js', VIDEOJS_VERSION)}video-js.min.css`);
  const element = document.createElement('video-js');
  element.className = 'video-js vjs-big-play-centered live-video';
  element.setAttribute('playsinline', '');
  element.setAttribute('aria-label', options.title);
  box.appendChild(element);
  const player = videojs(element, {
    controls: true,
    autoplay: true,
    preload: 'auto',
    fluid: true,
    aspectRatio: '16:9',
    liveui: true,
    language: PLAYER_LANGUAGE[options.locale],
    userActions: { hotkeys: false, doubleClick: true },
    controlBar: { children: CONTROLS },
    html5: { vhs: { overrideNative: !videojs.browser.IS_ANY_SAFARI } },
    ...(options.hls ? { sources: [{ src: options.hls, type: 'application/x-mpegURL' }] } : {}),
  });
  return { player, media: player.el().querySelector('video') };
}
