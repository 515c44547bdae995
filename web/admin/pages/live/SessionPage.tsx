import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { liveAdminCalls } from '../../../../shared/calls/live-admin';
import { formatDateTime } from '../../../../shared/rules/dates';
import type { LiveSessionInfo } from '../../../../shared/schemas/live-admin';
import { ERRORS } from '../../../../shared/envelope';
import { request } from '../../../api/client';
import { confirm } from '../../../components/feedback';
import { ApiError } from '../../../hooks/fetcher';
import { useCall } from '../../../hooks/useCall';
import { useLocale, useT } from '../../../i18n';
import { LoadError } from '../../components/DataTable';
import { MissingRecord } from '../../components/MissingRecord';
import { PageHeader } from '../../components/PageHeader';
import { useRowAction } from '../../hooks/useRowAction';
import { AttendanceTable } from './AttendanceTable';
import { CopyRow, LiveBanner, Minutes, StatusBadge, When } from './parts';
import { SessionForm } from './SessionForm';

/** How often the panel refreshes: often while live (viewers), slowly otherwise (the live server may start it). */
const LIVE_REFRESH_MS = 5_000;
const IDLE_REFRESH_MS = 20_000;

/** What a teacher enters in OBS, the key's rotation, and ending the session. */
function ObsBox({
  info,
  busy,
  onRotate,
  onEnd,
}: {
  info: LiveSessionInfo;
  busy: boolean;
  onRotate: () => void;
  onEnd: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <section className="card ac-card live-obs" data-testid="live-obs">
      <h2 className="licence-heading">{t('admin.live.obs')}</h2>
      <p className="ac-hint">{t('admin.live.obsHelp', { margin: info.publishMarginMin })}</p>
      <CopyRow label={t('admin.live.server')} value={info.rtmpUrl} testId="live-rtmp" />
      <CopyRow label={t('admin.live.streamKey')} value={info.streamName} testId="live-key" />
      <p className="ac-muted" data-testid="live-rotated-at">
        {t('admin.live.rotatedAt', { time: formatDateTime(info.rotatedAt, locale) })}
      </p>
      <div className="live-actions">
        <button type="button" className="btn" disabled={busy} onClick={onRotate} data-testid="live-rotate">
          {t('admin.live.rotate')}
        </button>
        {info.status !== 'ended' && (
          <button
            type="button"
            className="btn btn-danger-outline"
            disabled={busy}
            onClick={onEnd}
            data-testid="live-end"
          >
            {t('admin.live.end')}
          </button>
        )}
      </div>
    </section>
  );
}

/** The session's facts: course, window, teacher, viewers while live, time live, replay. */
function Facts({ info }: { info: LiveSessionInfo }) {
  const t = useT();
  return (
    <section className="card ac-card">
      <dl className="ac-facts">
        <dt>{t('admin.live.course')}</dt>
        <dd>{info.courseTitle}</dd>
        <dt>{t('admin.live.startAt')}</dt>
        <dd>
          <When at={info.startAt} /> – <When at={info.endAt} />
        </dd>
        <dt>{t('admin.live.teacher')}</dt>
        <dd>{info.teacher?.name ?? '—'}</dd>
        <dt>{t('admin.live.status')}</dt>
        <dd>
          <StatusBadge status={info.status} />
        </dd>
        {info.status === 'live' && (
          <>
            <dt>{t('admin.live.viewers')}</dt>
            <dd data-testid="live-viewers">{info.viewers}</dd>
          </>
        )}
        <dt>{t('admin.live.bill.peak')}</dt>
        <dd>{info.peakViewers}</dd>
        <dt>{t('admin.live.liveSeconds')}</dt>
        <dd>
          <Minutes seconds={info.liveSeconds} />
        </dd>
        <dt>{t('admin.live.replay')}</dt>
        <dd data-testid="live-replay">
          {info.replay.error
            ? t('admin.live.replayError', { error: info.replay.error })
            : info.replay.resourceId
              ? t('admin.live.replayReady', { id: info.replay.resourceId })
              : t('admin.live.replayNone')}
          {info.replay.chapterId && (
            <>
              {' '}
              <Link to={`/courses/${info.coid}/chapters`}>{t('admin.live.replayChapter')}</Link>
            </>
          )}
        </dd>
        {info.playback && (
          <>
            <dt>{t('admin.live.preview')}</dt>
            <dd className="live-preview">
              <a href={info.playback.hls} target="_blank" rel="noreferrer">
                HLS
              </a>{' '}
              <a href={info.playback.flv} target="_blank" rel="noreferrer">
                FLV
              </a>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** A session's panel (#/live/:id): OBS instructions, key rotation, ending, facts, attendance with export. */
export default function SessionPage() {
  const t = useT();
  const { id = '' } = useParams();
  const [editing, setEditing] = useState(false);
  const info = useCall(
    liveAdminCalls.info,
    { query: { id } },
    { refreshInterval: (data) => (data?.status === 'live' ? LIVE_REFRESH_MS : IDLE_REFRESH_MS) },
  );
  const { busy, run } = useRowAction(() => info.mutate());
  if (info.error instanceof ApiError && info.error.reply.error === ERRORS.notFound) {
    return <MissingRecord backTo="/live" backLabel="admin.live.back" testId="live-missing" />;
  }
  const data = info.data;
  const ask = (text: string, okText: string, work: () => void) =>
    void confirm({ text, okText }).then((ok) => ok && work());
  const rotate = () =>
    ask(t('admin.live.rotateConfirm'), t('admin.live.rotate'), () =>
      run(() => request(liveAdminCalls.rotate, { body: { id } }), t('admin.live.rotated')),
    );
  const end = () =>
    ask(t('admin.live.endConfirm'), t('admin.live.end'), () =>
      run(() => request(liveAdminCalls.end, { body: { id } }), t('admin.live.endedOk')),
    );

  return (
    <div className="ac-page" data-testid="live-session-page">
      <PageHeader
        title={data?.title ?? ''}
        back={
          <Link to="/live" className="btn btn-small">
            {t('admin.live.back')}
          </Link>
        }
      >
        {data && (
          <button type="button" className="btn" onClick={() => setEditing(true)} data-testid="live-edit">
            {t('admin.live.edit')}
          </button>
        )}
      </PageHeader>
      {data && (
        <>
          <LiveBanner state={data.liveServer} />
          <ObsBox info={data} busy={busy} onRotate={rotate} onEnd={end} />
          <div className="live-section">
            <Facts info={data} />
          </div>
          <AttendanceTable id={data.id} live={data.status === 'live'} />
        </>
      )}
      {!data && info.error && <LoadError onRetry={() => void info.mutate()} />}
      {editing && data && (
        <SessionForm
          session={data}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void info.mutate();
          }}
        />
      )}
    </div>
  );
}
