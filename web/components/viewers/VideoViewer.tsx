/**
 * Video and audio chapters (spec 2 'Student learning pages'): video.js alone — its default build plays HLS
 * itself (VHS). HLS when the conversion made it, else the faststart MP4, else the original when this
 * browser can play it. Subtitles as text tracks, resume from the last position, and the course setting
 * notAllowSkip: a seek past the furthest point watched snaps back; the speed menu offers nothing faster than
 * the course's fastest credited speed (study.settings.maxRate). Where HLS is the only source and the
 * browser has no MediaSource (and no native HLS), the spec 8 message asks for the latest Chrome or Firefox.
 * React: the <video-js> element is created inside a ref'd div in an effect and disposed on unmount.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import videojs from 'video.js';
import videojsEnGb from 'video.js/dist/lang/en-GB.json';
import videojsZhCn from 'video.js/dist/lang/zh-CN.json';
import { allowedSeek, furthestWatched, resumePosition } from '../../../shared/rules/learning';
import { allowedRates } from '../../../shared/rules/playback-rate';
import type { Ware } from '../../../shared/schemas/learning';
import { toast } from '../feedback';
import { HEARTBEAT_STUDY_MS, useHeartbeat, useLearnRecord } from '../../hooks/useHeartbeat';
import { useLocale, useT } from '../../i18n';
import { recall, remember } from './memory';
import { announcePosition, registerPosition, takeSpot } from './position';
import { StatusPanel } from './StatusPanel';
import type { ViewerProps } from './types';
import { ensureStylesheet, vendorBase } from './vendor';

type Source = { src: string; type: string };
type Choice = { source: Source } | { problem: 'noMediaSource' | 'unplayable' };

/** True when the browser can play HLS: Media Source Extensions (video.js VHS) or natively (Safari). */
export function canPlayHls(): boolean {
  const w = window as unknown as Record<string, unknown>;
  if (w.MediaSource || w.ManagedMediaSource || w.WebKitMediaSource) return true;
  return document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '';
}

const canPlayType = (tag: 'video' | 'audio', mime: string) =>
  !!mime && document.createElement(tag).canPlayType(mime) !== '';

/** What to play: HLS, then MP4 (or the normalised audio), then the original; or why nothing can be played. */
export function chooseSource(ware: Ware): Choice {
  const { urls } = ware;
  if (ware.kind === 'audio') {
    if (urls.audio) return { source: { src: urls.audio, type: 'audio/mp4' } };
    if (urls.source && canPlayType('audio', ware.mime)) return { source: { src: urls.source, type: ware.mime } };
    return { problem: 'unplayable' };
  }
  const hls = urls.hls && canPlayHls();
  if (hls) return { source: { src: urls.hls!, type: 'application/x-mpegURL' } };
  if (urls.mp4) return { source: { src: urls.mp4, type: 'video/mp4' } };
  if (urls.source && canPlayType('video', ware.mime)) return { source: { src: urls.source, type: ware.mime } };
  if (urls.hls) return { problem: 'noMediaSource' };
  return { problem: 'unplayable' };
}

// The player's own words (Play Video, Pause, Fullscreen, Playback Rate...) in the page's language: video.js
// ships them as JSON; they are small, so they come with this chunk rather than as another request.
videojs.addLanguage('zh-CN', videojsZhCn);
videojs.addLanguage('en-GB', videojsEnGb);
const PLAYER_LANGUAGE = { 'zh-CN': 'zh-CN', 'en-gb': 'en-GB' } as const;

/** video.js's version (its typings declare VERSION as a type only). */
const VIDEOJS_VERSION = (videojs as unknown as { VERSION: string }).VERSION;

/** Seconds between saves of the position while playing. */
const SAVE_EVERY = 2;

export default function VideoViewer({ ware, memoryKey, onRetry }: ViewerProps) {
  const t = useT();
  const locale = useLocale();
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const choice = useMemo(() => chooseSource(ware), [ware]);
  const audio = ware.kind === 'audio';
  const maxRate = ware.study.settings.maxRate;
  const source = 'source' in choice ? choice.source : null;
  // The texts the player's events need, kept current without restarting the player.
  const texts = useRef({ noSkip: '', resumed: '' });
  texts.current = { noSkip: t('learn.noSkip'), resumed: t('learn.resumed') };
  // The heartbeat reports the position; the server's record says where to resume (this browser's memory only
  // as a fallback).
  const record = useLearnRecord(ware.coid, ware.cid);
  const serverPoint = useRef(record);
  serverPoint.current = record;
  const playerRef = useRef<ReturnType<typeof videojs> | null>(null);
  const beat = useHeartbeat({
    coid: ware.coid,
    cid: ware.cid,
    intervalMs: HEARTBEAT_STUDY_MS,
    enabled: !!source,
    read: () => {
      const player = playerRef.current;
      if (!player) return { paused: true };
      const duration = player.duration();
      return {
        position: player.currentTime() ?? 0,
        duration: duration && Number.isFinite(duration) ? duration : undefined,
        paused: player.paused() || document.hidden,
      };
    },
  });
  const beatRef = useRef(beat);
  beatRef.current = beat;

  useEffect(() => {
    const box = holder.current;
    if (!box || !source) return;
    setFailed(false);
    void ensureStylesheet(`${vendorBase('video.js', VIDEOJS_VERSION)}video-js.min.css`);
    const element = document.createElement('video-js');
    element.className = 'video-js vjs-big-play-centered learn-video-element';
    element.setAttribute('playsinline', '');
    element.setAttribute('crossorigin', 'anonymous');
    box.appendChild(element);
    const player = videojs(element, {
      controls: true,
      preload: 'auto',
      fluid: !audio,
      aspectRatio: audio ? undefined : ware.width && ware.height ? `${ware.width}:${ware.height}` : '16:9',
      audioOnlyMode: audio,
      poster: ware.urls.poster,
      // Only the speeds the course credits (its fastest credited speed: shared/rules/playback-rate).
      playbackRates: allowedRates(maxRate),
      language: PLAYER_LANGUAGE[locale],
      html5: { vhs: { overrideNative: !videojs.browser.IS_ANY_SAFARI }, nativeTextTracks: false },
      sources: [source],
      // Subtitles as text tracks (given here: before the tech is ready, addRemoteTextTrack would have nothing to add to).
      tracks: ware.subtitles.map((track, index) => ({
        kind: 'subtitles',
        src: track.url,
        srclang: track.lang,
        label: track.label,
        default: index === 0,
      })),
    });

    playerRef.current = player;
    // The Q&A and notes beside the player read its time and seek it (web/components/viewers/position.ts).
    const releasePosition = registerPosition({
      time: () => player.currentTime() ?? 0,
      seek: (seconds) => {
        player.currentTime(seconds);
      },
    });
    let furthest = recall(memoryKey, 'furthest') ?? 0;
    let previous = 0;
    let lastSaved = 0;
    const save = () => {
      const at = player.currentTime() ?? 0;
      remember(memoryKey, 'position', at);
      remember(memoryKey, 'furthest', furthest);
      lastSaved = at;
    };

    player.one('loadedmetadata', () => {
      const server = serverPoint.current;
      if (server) furthest = server.furthest;
      // A note opened from My notes asks for its time; otherwise the learner resumes where they left off.
      const asked = takeSpot(ware.cid)?.time;
      if (asked !== undefined) {
        player.currentTime(asked);
        previous = asked;
        return;
      }
      const at = resumePosition(
        server ? server.position : recall(memoryKey, 'position'),
        player.duration() ?? ware.duration,
      );
      if (at > 0) {
        furthest = Math.max(furthest, at);
        player.currentTime(at);
        toast(texts.current.resumed);
      }
      previous = at;
    });
    player.on('timeupdate', () => {
      const now = player.currentTime() ?? 0;
      if (!player.seeking()) furthest = furthestWatched(furthest, previous, now);
      previous = now;
      if (Math.abs(now - lastSaved) >= SAVE_EVERY) save();
      announcePosition();
    });
    player.on('seeking', () => {
      if (!ware.notAllowSkip) return;
      const target = player.currentTime() ?? 0;
      const allowed = allowedSeek(target, furthest, true);
      if (allowed !== target) {
        player.currentTime(allowed);
        toast(texts.current.noSkip);
      }
    });
    player.on('pause', () => {
      save();
      if (!player.ended()) beatRef.current('pause');
    });
    player.on('play', () => beatRef.current('play'));
    player.on('seeked', () => {
      beatRef.current('seek');
      announcePosition();
    });
    player.on('ended', () => {
      furthest = Math.max(furthest, player.duration() ?? 0);
      save();
      beatRef.current('ended');
    });
    // A speed set some other way (keyboard, console) is brought back to the fastest credited one.
    player.on('ratechange', () => {
      if ((player.playbackRate() ?? 1) > maxRate) player.playbackRate(maxRate);
    });
    player.on('error', () => setFailed(true));
    return () => {
      save();
      releasePosition();
      playerRef.current = null;
      player.dispose();
    };
  }, [source, audio, ware, memoryKey, locale, maxRate]);

  if (!source) {
    if ('problem' in choice && choice.problem === 'noMediaSource') {
      return <StatusPanel ware={ware} text={t('learn.noMediaSource')} testId="no-media-source" />;
    }
    return <StatusPanel ware={ware} onRetry={onRetry} />;
  }
  return (
    <div className={`learn-player${audio ? ' is-audio' : ''}`} data-testid="video-viewer" data-kind={ware.kind}>
      <div ref={holder} className="learn-player-box" />
      {failed && (
        <div className="learn-player-error" role="alert">
          <p>{t('learn.playError')}</p>
          <button type="button" className="btn btn-primary btn-small" onClick={onRetry}>
            {t('learn.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
