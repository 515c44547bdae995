import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The time left to a session's start, on the server's clock (skew: the server's now minus the browser's when
 * it answered). At zero it says the stream is about to start and calls onDue once.
 */
export function Countdown({ startAt, skew, onDue }: { startAt: number; skew: number; onDue: () => void }) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now() + skew);
  const due = useRef(onDue);
  due.current = onDue;
  const left = Math.max(0, Math.floor((startAt - now) / 1000));

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now() + skew), 1000);
    return () => window.clearInterval(timer);
  }, [skew]);
  useEffect(() => {
    if (left === 0) due.current();
  }, [left]);

  if (left === 0)
    return (
      <p className="live-countdown" role="status">
        {t('live.starting')}
      </p>
    );
  const days = Math.floor(left / 86_400);
  const parts = {
    days,
    hours: pad(Math.floor((left % 86_400) / 3600)),
    minutes: pad(Math.floor((left % 3600) / 60)),
    seconds: pad(left % 60),
  };
  return (
    <div className="live-countdown" data-testid="live-countdown">
      <span className="live-countdown-label">{t('live.startsIn')}</span>
      <strong className="live-countdown-time" data-left={left}>
        {days > 0 ? t('live.countdown', parts) : t('live.countdownShort', parts)}
      </strong>
    </div>
  );
}
