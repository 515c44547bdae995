/**
 * The live page's attendance beat (POST live/heartbeat): every LIVE_BEAT_MS (browser tests shorten it with
 * window.__LANXUE_HEARTBEAT_MS__, as the study pages' heartbeat) while the stream is live, the viewer a
 * student who may watch, and the page visible (the beat on showing again resumes: the hidden time does not
 * count); the server decides what counts. 'invalid sid' goes to sign-in
 * (spec 8); another refusal stops the beat. The page looks again after the first beat (its viewers now count
 * this student) and when the session is no longer live.
 */
import { useEffect, useRef } from 'react';
import { liveCalls } from '../../../shared/calls/live';
import { ERRORS } from '../../../shared/envelope';
import { LIVE_BEAT_MS } from '../../../shared/schemas/live';
import { NETWORK_ERROR, request } from '../../api/client';
import { useBootstrap } from '../../bootstrap';
import { loginHref } from '../../urls';

const override = typeof window !== 'undefined' ? Number(window.__LANXUE_HEARTBEAT_MS__) : Number.NaN;

export function useLiveBeat(sessionId: string | null, enabled: boolean, lookAgain: () => void): void {
  const boot = useBootstrap();
  const again = useRef(lookAgain);
  again.current = lookAgain;

  useEffect(() => {
    if (!enabled || !sessionId) return;
    let stopped = false;
    let first = true;
    let hidden = false;
    const send = async () => {
      if (stopped) return;
      if (document.visibilityState === 'hidden') {
        hidden = true;
        return;
      }
      // The first beat after the page was hidden resumes: the time it was hidden is not attendance.
      const resume = hidden;
      hidden = false;
      const reply = await request(liveCalls.heartbeat, { body: resume ? { sessionId, resume } : { sessionId } });
      if (stopped) return;
      if (reply.status === 'ok') {
        if (reply.data.status !== 'live' || first) again.current();
        first = false;
        return;
      }
      if (reply.error === ERRORS.invalidSid || reply.error === ERRORS.noLogin) {
        stopped = true;
        window.location.assign(loginHref(boot));
      } else if (reply.error !== NETWORK_ERROR && reply.error !== ERRORS.server) {
        stopped = true;
      }
    };
    void send();
    const interval = Number.isFinite(override) && override >= 100 ? override : LIVE_BEAT_MS;
    const timer = window.setInterval(() => void send(), interval);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hidden = true;
      else void send();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, sessionId, boot]);
}
