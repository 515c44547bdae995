/**
 * What the live page shows below its title: the refusal with its way on (sign in, buy), no session, the
 * countdown, the player, the end with the replay, or 'live not available' when the live server is down.
 */
import type { MessageKey } from '../../../shared/i18n';
import { formatDateMinutes } from '../../../shared/rules/dates';
import type { LiveInfo, LiveRefusal } from '../../../shared/schemas/live';
import { useBootstrap } from '../../bootstrap';
import { learnHref } from '../../components/catalogue/links';
import { useLocale, useT } from '../../i18n';
import { loginHref } from '../../urls';
import { courseInfoHref } from '../learn/links';
import { Countdown } from './Countdown';
import { LivePlayer } from './LivePlayer';

const REFUSALS: Record<LiveRefusal, MessageKey> = {
  noLogin: 'live.refusal.noLogin',
  studentOnly: 'live.refusal.studentOnly',
  otherSchool: 'live.refusal.otherSchool',
  designatedGroup: 'live.refusal.designatedGroup',
  endOfTrial: 'live.refusal.endOfTrial',
  notStarted: 'live.refusal.notStarted',
  expired: 'live.refusal.expired',
};

/** Why the viewer may not watch, with sign-in or buy. */
export function LiveRefusalPanel({ refusal, code }: { refusal: LiveRefusal; code: string }) {
  const t = useT();
  const boot = useBootstrap();
  return (
    <div className="live-panel live-refusal" role="alert" data-testid="live-refusal" data-refusal={refusal}>
      <p>{t(REFUSALS[refusal])}</p>
      <div className="live-actions">
        {refusal === 'noLogin' && (
          <a className="btn btn-primary" href={loginHref(boot)} data-testid="live-sign-in">
            {t('live.signIn')}
          </a>
        )}
        {refusal === 'endOfTrial' && (
          <a className="btn btn-primary" href={courseInfoHref(code)} data-testid="live-buy">
            {t('live.buy')}
          </a>
        )}
      </div>
    </div>
  );
}

export function LiveStage({
  info,
  skew,
  refresh,
}: {
  info: LiveInfo;
  skew: number;
  refresh: () => Promise<LiveInfo | undefined>;
}) {
  const t = useT();
  const locale = useLocale();
  const { session, state, course } = info;
  if (info.refusal) return <LiveRefusalPanel refusal={info.refusal} code={course.code} />;
  if (!session || state === 'none')
    return (
      <div className="live-panel" data-testid="live-none">
        <p>{t('live.none')}</p>
      </div>
    );
  if (state === 'ended') {
    const { replay } = session;
    return (
      <div className="live-panel" data-testid="live-ended">
        <p>{t('live.ended')}</p>
        {replay ? (
          <a className="btn btn-primary" href={learnHref(course.code, replay.cid, replay.learnType)}>
            {t('live.replay')}
          </a>
        ) : (
          <p className="page-muted">{t('live.noReplay')}</p>
        )}
      </div>
    );
  }
  if (!info.available || (state === 'live' && !info.playback))
    return (
      <div className="live-panel live-unavailable" role="status" data-testid="live-unavailable">
        <p className="live-unavailable-title">{t('live.unavailable')}</p>
        <p className="page-muted">{t('live.unavailableDetail')}</p>
      </div>
    );
  if (state === 'scheduled')
    return (
      <div className="live-panel" data-testid="live-scheduled">
        <Countdown startAt={session.startAt} skew={skew} onDue={() => void refresh()} />
        <p className="page-muted">{t('live.startsAt', { time: formatDateMinutes(session.startAt, locale) })}</p>
      </div>
    );
  return (
    <div className="live-stage" data-testid="live-on-air">
      <LivePlayer playback={info.playback!} title={session.title} refresh={refresh} />
    </div>
  );
}
