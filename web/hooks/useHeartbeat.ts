/**
 * The study heartbeat (spec 3 'Heartbeat record', spec 4 'Graphic reading', spec 9: every 16 s on study
 * pages, every 10 s in the graphic reader, a final pause on leaving) and the learner's record to resume
 * from (GET learn/record). The client only says where it is; the server decides what counts.
 * 'invalid sid' sends the learner to sign in (spec 8); any other refusal stops the heartbeat quietly (the
 * page itself shows why the chapter cannot be studied). Only a signed-in student beats: a visitor or an
 * administrator previewing leaves no records. The page's watch record is added once per chapter opened.
 */
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import useSWR from 'swr';
import { HEARTBEAT_GRAPHIC_MS, HEARTBEAT_STUDY_MS } from '../../shared/constants';
import { ERRORS } from '../../shared/envelope';
import type { HeartbeatReply, LearnRecord, PlayType } from '../../shared/schemas/records';
import { recordsCalls } from '../../shared/calls/records';
import { apiUrl, NETWORK_ERROR, request } from '../api/client';
import { useBootstrap } from '../bootstrap';
import { loginHref } from '../urls';

export { HEARTBEAT_GRAPHIC_MS, HEARTBEAT_STUDY_MS };

/** Where the learner is, read at each heartbeat. */
export interface StudyPoint {
  /** Media seconds, or the page (1-based) of a document or slides. */
  position?: number;
  /** Reading progress 0..1 of a graphic text. */
  played_time?: number;
  duration?: number;
  pages?: number;
  /** Not studying right now (media paused, tab hidden). */
  paused: boolean;
}

export interface HeartbeatOptions {
  /** The course (coid or code) and chapter ('0' for a graphic course's own text). */
  coid: string;
  cid: string;
  /** HEARTBEAT_STUDY_MS or HEARTBEAT_GRAPHIC_MS. */
  intervalMs: number;
  /** Reads the learner's point now. */
  read: () => StudyPoint;
  /** Called with the server's record after each heartbeat it took. */
  onReply?: (reply: HeartbeatReply) => void;
  /** False to stay quiet (nothing to study yet). */
  enabled?: boolean;
  /** The tick's play_type ('read' in the graphic reader). */
  tick?: PlayType;
}

declare global {
  interface Window {
    /** Browser tests shorten the heartbeat with this (read once at start). */
    __LANXUE_HEARTBEAT_MS__?: number;
  }
}

/**
 * What the study page around a viewer hears from and says to its heartbeat: every
 * reply the server gives (to see a chapter complete), and whether study is held (a reminder is up: the
 * heartbeat reports a pause, so nothing counts). The page dispatches STUDY_HOLD_EVENT on window when the
 * hold changes, and the heartbeat sends a pause, or a play tick when study goes on.
 */
export interface StudyHooks {
  onReply?: (reply: HeartbeatReply) => void;
  held: { current: boolean };
}
export const StudyHooksContext = createContext<StudyHooks | null>(null);
export const STUDY_HOLD_EVENT = 'lanxue:study-hold';

const override = typeof window !== 'undefined' ? Number(window.__LANXUE_HEARTBEAT_MS__) : NaN;

/** POST watch/add: the watch record of a chapter opened (one a day per viewer and course on the server). */
export const addWatch = (coid: string, cid: string, title: string) =>
  request(recordsCalls.addWatch, { body: { coid, cid: cid || undefined, title } });

/** GET learn/record: the student's record of a chapter. */
export const getLearnRecord = (cid: string, coid: string) => request(recordsCalls.record, { query: { cid, coid } });

/** The signed-in student's record of a chapter (undefined while loading, null when there is none to read: not a student, offline). */
export function useLearnRecord(coid: string, cid: string): LearnRecord | null | undefined {
  const boot = useBootstrap();
  const student = boot.role === 'student';
  const { data } = useSWR(
    student && coid && cid ? ['learn/record', coid, cid] : null,
    async ([, course, chapter]) => {
      const reply = await getLearnRecord(chapter, course);
      return reply.status === 'ok' ? reply.data : null;
    },
    { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
  return student ? data : null;
}

/** Sends heartbeats while the component is mounted; returns beat(playType) for the viewer's own events (play, pause, seek, ended). */
export function useHeartbeat(options: HeartbeatOptions): (playType?: PlayType) => void {
  const boot = useBootstrap();
  const enabled = boot.role === 'student' && options.enabled !== false && !!options.coid && !!options.cid;
  const latest = useRef(options);
  latest.current = options;
  const hooks = useRef<StudyHooks | null>(null);
  hooks.current = useContext(StudyHooksContext);
  const state = useRef({ startTs: 0, lastAt: 0, stopped: false });

  /** Seconds since the previous heartbeat as this page counted them (the record's realtime; a hidden tab sends a pause first). */
  const takeRealtime = () => {
    const now = Date.now();
    const seconds = Math.max(0, now - state.current.lastAt) / 1000;
    state.current.lastAt = now;
    return Math.round(seconds * 10) / 10;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: takeRealtime reads and writes refs only
  const payload = useCallback((playType: PlayType) => {
    const { coid, cid, read } = latest.current;
    const point = read();
    const paused =
      point.paused ||
      !!hooks.current?.held.current ||
      playType === 'pause' ||
      playType === 'leave' ||
      playType === 'ended';
    return {
      coid,
      cid,
      ...point,
      pause: paused,
      play_type: playType,
      start_ts: state.current.startTs,
      realtime: takeRealtime(),
    };
  }, []);

  const send = useCallback(
    async (playType: PlayType) => {
      if (!enabled || state.current.stopped) return;
      const body = payload(playType);
      const reply = await request(recordsCalls.heartbeat, { body });
      if (reply.status === 'ok') {
        latest.current.onReply?.(reply.data);
        hooks.current?.onReply?.(reply.data);
        return;
      }
      if (reply.error === ERRORS.invalidSid) {
        state.current.stopped = true;
        window.location.assign(loginHref(boot));
      } else if (
        reply.error !== NETWORK_ERROR &&
        reply.error !== ERRORS.server &&
        !(reply.data && typeof reply.data === 'object' && 'httpStatus' in reply.data)
      ) {
        // A refusal (expired, not bought, removed...): the page says why; nothing more to record. A lost connection tries again.
        state.current.stopped = true;
      } else {
        // Not written (a lost connection, or 503 when the server could not commit it): the next beat carries these
        // seconds too, since the server credits no more than the realtime a beat reports.
        state.current.lastAt -= body.realtime * 1000;
      }
    },
    [enabled, payload, boot],
  );

  // The watch record, once per chapter opened (also for visitors: the server skips administrators).
  useEffect(() => {
    if (options.coid && options.cid && options.enabled !== false)
      void addWatch(options.coid, options.cid === '0' ? '' : options.cid, '');
  }, [options.coid, options.cid, options.enabled]);

  useEffect(() => {
    if (!enabled) return;
    const s = state.current;
    s.startTs = Date.now();
    s.lastAt = s.startTs;
    s.stopped = false;
    void send('start');
    const interval = Number.isFinite(override) && override >= 100 ? override : options.intervalMs;
    const timer = window.setInterval(() => void send(latest.current.tick ?? 'play'), interval);
    /** The last heartbeat must outlive the page: sendBeacon, else fetch with keepalive. */
    const leave = () => {
      if (s.stopped) return;
      const body = JSON.stringify(payload('leave'));
      const url = apiUrl('web/heartbeat');
      const sent =
        typeof navigator.sendBeacon === 'function' &&
        navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
      if (!sent)
        void fetch(url, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json' },
          credentials: 'same-origin',
          keepalive: true,
        }).catch(() => undefined);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void send('pause');
      else void send(latest.current.tick ?? 'play');
    };
    const onHold = () => void send(hooks.current?.held.current ? 'pause' : (latest.current.tick ?? 'play'));
    window.addEventListener('pagehide', leave);
    window.addEventListener(STUDY_HOLD_EVENT, onHold);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener(STUDY_HOLD_EVENT, onHold);
      document.removeEventListener('visibilitychange', onVisibility);
      leave();
      s.stopped = true;
    };
    // The viewing restarts when the chapter changes; read, onReply and tick are read through latest.
  }, [enabled, options.coid, options.cid, options.intervalMs, send, payload]);

  return useCallback((playType: PlayType = 'play') => void send(playType), [send]);
}
