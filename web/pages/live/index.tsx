/**
 * The live page (issue 17; spec 2 'Live video page'): /live/{hashUID}/{coid}.html, the public live page
 * /u/learn/{code}/live/1, and app.course action 8. It asks live/info (again every 20 s, 30 s while live: the
 * state follows the teacher's stream), shows the course and the session, and sends the page view (watch/add,
 * with the course and so its school) once. While live, a student who may watch beats live/heartbeat.
 */
import { useEffect, useMemo } from 'react';
import { liveCalls } from '../../../shared/calls/live';
import { ERRORS } from '../../../shared/envelope';
import { COURSE_ERRORS } from '../../../shared/schemas/courses';
import { formatDateMinutes } from '../../../shared/rules/dates';
import type { LiveInfo, LiveSession } from '../../../shared/schemas/live';
import { useBootstrap } from '../../bootstrap';
import { learnHref } from '../../components/catalogue/links';
import { alert } from '../../components/feedback';
import { Loading } from '../../components/Loading';
import { ApiError } from '../../hooks/fetcher';
import { useCall } from '../../hooks/useCall';
import { addWatch } from '../../hooks/useHeartbeat';
import { useLocale, useT } from '../../i18n';
import { LiveRefusalPanel, LiveStage } from './LiveStage';
import { useLiveBeat } from './useLiveBeat';

const POLL_MS = 20_000;
const POLL_LIVE_MS = 30_000;

/** The page's course: the address's coid; the school of a /live/{hashUID}/ address must be the course's. */
function useLiveQuery() {
  const boot = useBootstrap();
  const coid = boot.params.coid ?? '';
  const uid = boot.page === 'live' && boot.hashUID ? boot.hashUID : undefined;
  return coid ? { query: uid ? { coid, uid } : { coid } } : null;
}

export default function LivePage() {
  const t = useT();
  const boot = useBootstrap();
  const input = useLiveQuery();
  const { data, error, mutate } = useCall(liveCalls.info, input, {
    refreshInterval: (latest?: LiveInfo) => (latest?.state === 'live' ? POLL_LIVE_MS : POLL_MS),
  });
  const skew = useMemo(() => (data ? data.now - Date.now() : 0), [data]);
  const title = data?.course.title;
  const coid = data?.course.coid;

  // The analytics page view (spec 2): the watch record of the course, once per page.
  useEffect(() => {
    if (coid) void addWatch(coid, '', title ?? '');
  }, [coid, title]);
  useLiveBeat(data?.session?.id ?? null, !!data?.attends && data.state === 'live', () => void mutate());

  const removed = error instanceof ApiError && error.reply.error === COURSE_ERRORS.removed;
  useEffect(() => {
    if (!removed) return;
    void alert({ text: t('errors.courseRemoved') }).then(() => window.location.replace(`/u/${boot.hashUID}`));
  }, [removed, t, boot.hashUID]);

  if (error instanceof ApiError && error.reply.error === ERRORS.noLogin)
    return (
      <LiveFrame>
        <LiveRefusalPanel refusal="noLogin" code="" />
      </LiveFrame>
    );
  if (error && !removed)
    return (
      <LiveFrame>
        <div className="live-panel" role="alert" data-testid="live-error">
          <p>{t('live.loadFailed', { error: error instanceof Error ? error.message : String(error) })}</p>
          <button type="button" className="btn btn-primary" onClick={() => void mutate()}>
            {t('live.retry')}
          </button>
        </div>
      </LiveFrame>
    );
  if (!data) return <Loading />;
  return (
    <LiveFrame info={data}>
      <LiveStage info={data} skew={skew} refresh={() => mutate()} />
      <OtherSessions info={data} />
    </LiveFrame>
  );
}

/** The page's card: the school, the course, the session and its status (with viewers while live). */
function LiveFrame({ info, children }: { info?: LiveInfo; children: React.ReactNode }) {
  const t = useT();
  const boot = useBootstrap();
  const session = info?.session;
  return (
    <section className="card page-card live-page" aria-labelledby="live-title" data-state={info?.state ?? ''}>
      <p className="page-kicker">
        {boot.schoolName ? `${boot.schoolName} · ` : ''}
        {t('live.kicker')}
      </p>
      <h1 id="live-title" className="page-title">
        {info?.course.title || t('page.live.title')}
      </h1>
      {session && info?.state !== 'none' && (
        <p className="live-session-line">
          <span className="live-session-title">{session.title}</span>
          <span className={`live-badge live-badge-${session.status}`}>{t(`live.status.${session.status}`)}</span>
          {info.state === 'live' && info.viewers > 0 && (
            <span className="live-viewers" data-testid="live-viewers">
              {t('live.viewers', { count: info.viewers })}
            </span>
          )}
        </p>
      )}
      {children}
    </section>
  );
}

/** The course's other sessions: when, their status, and an ended one's replay. */
function OtherSessions({ info }: { info: LiveInfo }) {
  const t = useT();
  const locale = useLocale();
  if (info.others.length === 0 || info.refusal) return null;
  const row = (s: LiveSession) => (
    <li key={s.id} className="live-other">
      <span className="live-other-time">{formatDateMinutes(s.startAt, locale)}</span>
      <span className="live-other-title">{s.title}</span>
      <span className={`live-badge live-badge-${s.status}`}>{t(`live.status.${s.status}`)}</span>
      {s.replay && <a href={learnHref(info.course.code, s.replay.cid, s.replay.learnType)}>{t('live.replay')}</a>}
    </li>
  );
  return (
    <section className="live-others" aria-labelledby="live-others-title">
      <h2 id="live-others-title">{t('live.others')}</h2>
      <ul>{info.others.map(row)}</ul>
    </section>
  );
}
