import { useEffect } from 'react';
import { SESSION_POLL_MS } from '../../shared/constants';
import { authCalls } from '../../shared/calls/auth';
import { NETWORK_ERROR, request } from '../api/client';
import { useBootstrap } from '../bootstrap';
import { alert } from '../components/feedback';
import { useT } from '../i18n';
import { loginHref } from '../urls';

declare global {
  interface Window {
    /** Browser tests shorten the session poll with this (read once at start). */
    __LANXUE_POLL_MS__?: number;
  }
}

const override = typeof window !== 'undefined' ? Number(window.__LANXUE_POLL_MS__) : NaN;
/** The session poll interval: 30 s (spec 9), or the test override. */
export const POLL_MS = Number.isFinite(override) && override >= 100 ? override : SESSION_POLL_MS;

/**
 * While a student is signed in, asks every 30 s whether the session still stands. When the same
 * student signed in elsewhere (isKic) the repeated-login dialog sends them to sign in again; any
 * other failure from the server reloads the page. A lost connection just waits for the next poll.
 */
export function useSessionPoll(enabled: boolean): void {
  const boot = useBootstrap();
  const t = useT();
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let busy = false;
    const stop = () => {
      stopped = true;
      window.clearInterval(timer);
    };
    const timer = window.setInterval(async () => {
      if (busy || stopped) return;
      busy = true;
      const reply = await request(authCalls.studentLoginStatus);
      busy = false;
      if (stopped) return;
      if (reply.status === 'ok') {
        if (!reply.data.isKic) return;
        stop();
        await alert({ title: t('repeatLogin.title'), text: t('repeatLogin.body'), okText: t('repeatLogin.relogin') });
        window.location.assign(loginHref(boot));
      } else if (reply.error !== NETWORK_ERROR) {
        stop();
        window.location.reload();
      }
    }, POLL_MS);
    return stop;
  }, [enabled, boot, t]);
}
