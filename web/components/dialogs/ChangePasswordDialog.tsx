import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ERRORS, type Failure } from '../../../shared/envelope';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../shared/constants';
import { ACCOUNT_ERRORS, passwordProblem } from '../../../shared/schemas/account';
import { STUDENT_ERRORS } from '../../../shared/schemas/students';
import { NETWORK_ERROR, request } from '../../api/client';
import { useDialogFocus } from '../../hooks/useDialogFocus';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT, type Translate } from '../../i18n';
import { TextField } from '../TextField';
import { accountCalls } from '../../../shared/calls/account';

/**
 * The change-password dialog (spec 2 'Change password (460 wide)', spec 4 'idle, loading, success or error
 * tip', spec 5): old and new password must both be non-empty, else '* 密码不允许为空'; the new one can be shown
 * in plain text with the eye toggle; success shows '* 密码修改成功' and clears both fields; a failure shows
 * '* ' plus the server's error text (the known ones in the reader's language).
 */

type Tip = { state: 'idle' } | { state: 'loading' } | { state: 'success' } | { state: 'error'; text: string };

/** The server's refusal as the student reads it. */
export function passwordErrorText(t: Translate, reply: Failure): string {
  switch (reply.error) {
    case STUDENT_ERRORS.wrongPassword:
      return t('account.password.wrong');
    case STUDENT_ERRORS.passwordChangeOff:
      return t('account.password.off');
    case STUDENT_ERRORS.ldapAccount:
      return t('account.password.ldap');
    case ACCOUNT_ERRORS.emptyPassword:
      return t('account.password.empty').replace(/^\*\s*/, '');
    case ACCOUNT_ERRORS.passwordLength:
      return t('account.password.tooShort', { min: PASSWORD_MIN });
    case ERRORS.tooMany: {
      const seconds = Number((reply.data as { retryAfter?: number } | null)?.retryAfter ?? 60);
      return t('account.password.tooMany', { minutes: Math.max(1, Math.ceil(seconds / 60)) });
    }
    case NETWORK_ERROR:
      return t('common.networkError');
    default:
      return reply.error;
  }
}

export default function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const id = useId();
  const isMobile = useIsMobile();
  const [oldpwd, setOldpwd] = useState('');
  const [newpwd, setNewpwd] = useState('');
  const [show, setShow] = useState(false);
  const [tip, setTip] = useState<Tip>({ state: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);
  const busy = tip.state === 'loading';

  useDialogFocus(formRef, 'input');

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = passwordProblem(oldpwd, newpwd);
    if (problem === 'empty') return setTip({ state: 'error', text: t('account.password.empty') });
    if (problem === 'tooShort')
      return setTip({ state: 'error', text: `* ${t('account.password.tooShort', { min: PASSWORD_MIN })}` });
    if (problem === 'tooLong')
      return setTip({ state: 'error', text: `* ${t('account.password.tooLong', { max: PASSWORD_MAX })}` });
    setTip({ state: 'loading' });
    const reply = await request(accountCalls.password, { body: { oldpwd, newpwd } });
    if (reply.status === 'ok') {
      setOldpwd('');
      setNewpwd('');
      setTip({ state: 'success' });
      return;
    }
    setTip({ state: 'error', text: t('account.password.failed', { error: passwordErrorText(t, reply) }) });
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.preventDefault();
      onClose();
    }
  };

  const tipText = tip.state === 'success' ? t('account.password.success') : tip.state === 'error' ? tip.text : '';
  return (
    <div className={`dialog-mask${isMobile ? ' is-mobile' : ''}`} data-testid="password-mask">
      <form
        ref={formRef}
        className={`dialog account-dialog pwd-dialog${isMobile ? ' is-mobile' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={handleKeyDown}
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        data-testid="password-dialog"
        data-state={tip.state}
      >
        <h2 id={`${id}-title`} className="dialog-title">
          {t('account.password.title')}
        </h2>
        <TextField
          label={t('account.password.old')}
          type="password"
          autoComplete="current-password"
          value={oldpwd}
          disabled={busy}
          onChange={(e) => setOldpwd(e.target.value)}
        />
        <div className="field">
          <label htmlFor={`${id}-new`}>{t('account.password.new')}</label>
          <div className="pwd-input">
            <input
              id={`${id}-new`}
              type={show ? 'text' : 'password'}
              autoComplete="new-password"
              value={newpwd}
              disabled={busy}
              onChange={(e) => setNewpwd(e.target.value)}
              data-testid="password-new"
            />
            <button
              type="button"
              className="pwd-eye"
              aria-label={show ? t('account.password.hide') : t('account.password.show')}
              aria-pressed={show}
              onClick={() => setShow((value) => !value)}
              data-testid="password-eye"
            >
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M12 5C6.5 5 2.7 9.3 1.5 12c1.2 2.7 5 7 10.5 7s9.3-4.3 10.5-7C21.3 9.3 17.5 5 12 5zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z" />
                {!show && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" />}
              </svg>
            </button>
          </div>
        </div>
        <p
          className={`pwd-tip is-${tip.state}`}
          role={tip.state === 'error' ? 'alert' : 'status'}
          data-testid="password-tip"
        >
          {tipText}
        </p>
        <div className="dialog-actions">
          <button type="button" className="btn" disabled={busy} onClick={onClose}>
            {t('account.password.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy}
            aria-busy={busy}
            data-testid="password-submit"
          >
            {busy ? t('account.password.saving') : t('account.password.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
