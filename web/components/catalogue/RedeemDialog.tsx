import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { redeemCalls } from '../../../shared/calls/redeem';
import { ERRORS, type Failure } from '../../../shared/envelope';
import { formatDate } from '../../../shared/rules/dates';
import type { RedeemResult } from '../../../shared/schemas/redeem';
import { NETWORK_ERROR, request } from '../../api/client';
import { useDialogFocus } from '../../hooks/useDialogFocus';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT, type Translate } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n';
import { TextField } from '../TextField';

/** The server's refusal of a code or key as the student reads it (its known errors in the reader's language). */
export function redeemErrorText(t: Translate, reply: Failure): string {
  if (reply.error === NETWORK_ERROR) return t('common.networkError');
  if (reply.error === ERRORS.tooMany || reply.error === 'too many attempts') {
    const seconds = Number((reply.data as { retryAfter?: number } | null)?.retryAfter ?? 60);
    return t('redeem.error.too many attempts', { seconds });
  }
  const key = `redeem.error.${reply.error}` as MessageKey;
  const text = t(key);
  return text === key ? reply.error : text;
}

/**
 * The dialog a student types a redeem code (mode 'code') or a course's enrolment key (mode 'key', coid) in:
 * the server decides (POST redeem / enrol/key); a refusal shows under the field, a success closes the dialog
 * and tells the caller what was given.
 */
export function RedeemDialog({
  mode,
  coid,
  onClose,
  onDone,
}: {
  mode: 'code' | 'key';
  coid?: string;
  onClose: () => void;
  onDone: (result: RedeemResult, message: string) => void;
}) {
  const t = useT();
  const id = useId();
  const mobile = useIsMobile();
  const formRef = useRef<HTMLFormElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useDialogFocus(formRef, 'input');

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !value.trim()) return;
    setBusy(true);
    setError('');
    const reply =
      mode === 'code'
        ? await request(redeemCalls.redeem, { body: { code: value } })
        : await request(redeemCalls.enrolByKey, { body: { coid: coid ?? '', key: value.trim() } });
    setBusy(false);
    if (reply.status !== 'ok') return setError(redeemErrorText(t, reply));
    const { title, until } = reply.data;
    const message =
      mode === 'key'
        ? t('key.done', { title })
        : until === null
          ? t('redeem.done', { title })
          : t('redeem.doneUntil', { title, date: formatDate(until, 'yyyy-MM-dd') });
    onDone(reply.data, message);
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <div className={`dialog-mask${mobile ? ' is-mobile' : ''}`}>
      <form
        ref={formRef}
        className={`dialog redeem-dialog${mobile ? ' is-mobile' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={handleKeyDown}
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        data-testid={`${mode}-dialog`}
      >
        <h2 id={`${id}-title`} className="dialog-title">
          {mode === 'code' ? t('redeem.title') : t('key.title')}
        </h2>
        <TextField
          label={mode === 'code' ? t('redeem.code') : t('key.label')}
          value={value}
          maxLength={64}
          autoComplete="off"
          autoCapitalize={mode === 'code' ? 'characters' : 'off'}
          spellCheck={false}
          placeholder={mode === 'code' ? t('redeem.placeholder') : ''}
          disabled={busy}
          onChange={(event) => {
            setValue(event.target.value);
            setError('');
          }}
          data-testid={`${mode}-input`}
        />
        <p className="redeem-tip" role="alert" data-testid={`${mode}-error`}>
          {error}
        </p>
        <div className="dialog-actions">
          <button type="button" className="btn" disabled={busy} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || !value.trim()}
            aria-busy={busy}
            data-testid={`${mode}-submit`}
          >
            {mode === 'code' ? t('redeem.submit') : t('key.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
