import { useState } from 'react';
import { informCalls } from '../../../../shared/calls/inform';
import { request } from '../../../api/client';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { INFORM_ERROR_KEYS } from './errors';

/** Send a test e-mail (to an address) or SMS (to a number) now with the saved settings; shows the server's answer. */
export function TestButton({ kind, disabled }: { kind: 'email' | 'sms'; disabled: boolean }) {
  const t = useT();
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const handleTest = async () => {
    setBusy(true);
    setResult(null);
    const reply =
      kind === 'email'
        ? await request(informCalls.testEmail, { body: { to: to.trim() } })
        : await request(informCalls.testSms, { body: { phone: to.trim() } });
    setBusy(false);
    if (reply.status !== 'ok') return setResult({ ok: false, text: failureText(t, reply) });
    const message = INFORM_ERROR_KEYS[reply.data.message]
      ? t(INFORM_ERROR_KEYS[reply.data.message])
      : reply.data.message;
    setResult({
      ok: reply.data.ok,
      text: t(reply.data.ok ? 'admin.inform.testOk' : 'admin.inform.testFailed', { message }),
    });
  };

  return (
    <div className="inform-test">
      <label className="ac-label">
        {t(kind === 'email' ? 'admin.inform.testTo' : 'admin.inform.testPhone')}
        <input
          type={kind === 'email' ? 'email' : 'tel'}
          value={to}
          maxLength={kind === 'email' ? 254 : 40}
          onChange={(e) => setTo(e.target.value)}
          data-testid={`inform-test-${kind}-to`}
        />
      </label>
      <button
        type="button"
        className="btn"
        disabled={disabled || busy || !to.trim()}
        onClick={() => void handleTest()}
        data-testid={`inform-test-${kind}`}
      >
        {t(kind === 'email' ? 'admin.inform.testEmail' : 'admin.inform.testSms')}
      </button>
      <p className="ac-hint">{t('admin.inform.testSaved')}</p>
      {result && (
        <p
          className={result.ok ? 'ac-ok' : 'ac-error'}
          role="status"
          data-testid={`inform-test-${kind}-result`}
          data-ok={result.ok}
        >
          {result.text}
        </p>
      )}
    </div>
  );
}
