import { useCallback, useEffect, useRef, useState } from 'react';
import { accountCalls } from '../../../shared/calls/account';
import { phoneCalls } from '../../../shared/calls/phone';
import { BIND_POLL, bindExpired } from '../../../shared/rules/phone-codes';
import { request } from '../../api/client';
import { useDialogFocus } from '../../hooks/useDialogFocus';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { PhoneBindForm } from './PhoneBindForm';

/**
 * The wechat-bind overlay (spec 4): shown to a signed-in student until the binding check (check wechat bind,
 * stu/wechat/bind) reports bound, checked every 4 s; after more than 20 checks it stops and shows the QR-expired
 * message, whose Refresh starts again. In the lan release the binding is by phone (PhoneBindForm); the school's
 * QR image (student settings path) is shown when it has one.
 */
export function BindOverlay() {
  const [state, setState] = useState<'checking' | 'open' | 'bound'>('checking');
  const [path, setPath] = useState('');
  useEffect(() => {
    let live = true;
    void Promise.all([request(phoneCalls.bindState), request(accountCalls.setting)]).then(([bind, setting]) => {
      if (!live) return;
      if (setting.status === 'ok') setPath(setting.data.path);
      setState(bind.status === 'ok' && !bind.data.bind ? 'open' : 'bound');
    });
    return () => {
      live = false;
    };
  }, []);
  if (state !== 'open') return null;
  return <OverlayBox path={path} onBound={() => setState('bound')} />;
}

function OverlayBox({ path, onBound }: { path: string; onBound: () => void }) {
  const t = useT();
  const isMobile = useIsMobile();
  const ref = useRef<HTMLDivElement>(null);
  const [polls, setPolls] = useState(0);
  useDialogFocus(ref, '.bind-form input');
  const expired = bindExpired(polls);

  const poll = useCallback(async () => {
    const reply = await request(phoneCalls.bindState);
    if (reply.status === 'ok' && reply.data.bind) onBound();
    else setPolls((n) => n + 1);
  }, [onBound]);

  // One check 4 s after the last answer, until more than maxPolls have been made.
  useEffect(() => {
    if (expired) return;
    const timer = window.setTimeout(() => void poll(), BIND_POLL.intervalMs);
    return () => window.clearTimeout(timer);
  }, [polls, expired, poll]);

  return (
    <div className={`dialog-mask bind-mask${isMobile ? ' is-mobile' : ''}`}>
      <div
        ref={ref}
        className={`dialog bind-dialog${isMobile ? ' is-mobile' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="bind-title"
        tabIndex={-1}
        data-testid="bind-overlay"
        data-polls={polls}
      >
        <h2 id="bind-title" className="dialog-title">
          {t('bind.title')}
        </h2>
        <p>{t('bind.intro')}</p>
        <div className="bind-qr" aria-live="polite">
          {expired ? (
            <div className="bind-expired" data-testid="bind-expired">
              <p>{t('bind.expired')}</p>
              <button type="button" className="btn btn-light" onClick={() => setPolls(0)} data-testid="bind-refresh">
                {t('bind.refresh')}
              </button>
            </div>
          ) : (
            path && (
              <>
                <img src={path} alt={t('bind.qrAlt')} width={160} height={160} data-testid="bind-qr" />
                <p className="bind-note">{t('bind.qrHint')}</p>
              </>
            )
          )}
        </div>
        <PhoneBindForm onBound={onBound} />
      </div>
    </div>
  );
}
