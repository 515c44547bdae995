import { useEffect, useState, type FormEvent } from 'react';
import { phoneCalls } from '../../../shared/calls/phone';
import type { Reply } from '../../../shared/envelope';
import type { MessageKey } from '../../../shared/i18n';
import { PHONE_ERRORS } from '../../../shared/rules/phone-codes';
import { request } from '../../api/client';
import { useT } from '../../i18n';
import { TextField } from '../TextField';

const ERROR_KEYS: Record<string, MessageKey> = {
  [PHONE_ERRORS.badPhone]: 'bind.error.phone',
  [PHONE_ERRORS.phoneTaken]: 'bind.error.taken',
  [PHONE_ERRORS.numberThrottled]: 'bind.error.throttled',
  [PHONE_ERRORS.addressThrottled]: 'bind.error.throttled',
  [PHONE_ERRORS.noCode]: 'bind.error.noCode',
  [PHONE_ERRORS.wrongCode]: 'bind.error.wrongCode',
  [PHONE_ERRORS.expired]: 'bind.error.expired',
  [PHONE_ERRORS.tooManyTries]: 'bind.error.tooManyTries',
  'sms gateway failed': 'bind.error.gateway',
};

/**
 * Phone binding (spec 7 bindPhoneNum, checkVerification): a number, a code sent to it (by SMS, or read out by an
 * administrator when the school has no gateway), then bound. The send button waits out the resend interval.
 */
export function PhoneBindForm({ onBound }: { onBound: (phone: string) => void }) {
  const t = useT();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  const fail = (reply: Reply<unknown> & { status: 'error' }) => {
    const data = reply.data as { retryAfter?: number } | null;
    if (reply.error === PHONE_ERRORS.resendTooSoon) {
      setWait(data?.retryAfter ?? 60);
      return setError(t('bind.error.tooSoon', { seconds: data?.retryAfter ?? 60 }));
    }
    const key = ERROR_KEYS[reply.error];
    setError(key ? t(key) : reply.error);
  };

  const send = async () => {
    setBusy(true);
    setError('');
    const reply = await request(phoneCalls.bindPhoneNum, { body: { phone } });
    setBusy(false);
    if (reply.status !== 'ok') return fail(reply);
    setWait(reply.data.resendAfter);
    setNote(t(reply.data.via === 'sms' ? 'bind.sentSms' : 'bind.sentAdmin'));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    const reply = await request(phoneCalls.checkVerification, { body: { phone, code } });
    setBusy(false);
    if (reply.status !== 'ok') return fail(reply);
    onBound(reply.data.phone);
  };

  return (
    <form className="bind-form" onSubmit={(event) => void submit(event)} data-testid="phone-bind-form">
      <TextField
        label={t('bind.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={phone}
        maxLength={40}
        onChange={(event) => setPhone(event.target.value)}
        data-testid="bind-phone"
      />
      <button
        type="button"
        className="btn btn-light btn-block"
        disabled={busy || wait > 0 || !phone.trim()}
        onClick={() => void send()}
        data-testid="bind-send"
      >
        {wait > 0 ? t('bind.resendIn', { seconds: wait }) : t('bind.send')}
      </button>
      {note && (
        <p className="bind-note" data-testid="bind-note">
          {note}
        </p>
      )}
      <TextField
        label={t('bind.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        data-testid="bind-code"
      />
      {error && (
        <p className="form-error" role="alert" data-testid="bind-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={busy || !/^\d{6}$/.test(code.trim())}
        data-testid="bind-submit"
      >
        {t('bind.submit')}
      </button>
    </form>
  );
}
