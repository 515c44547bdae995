import { useState, type FormEvent } from 'react';
import { ERRORS, type Failure } from '../../shared/envelope';
import type { Role } from '../../shared/schemas/auth';
import { LDAP_ERRORS } from '../../shared/schemas/ldap';
import { OIDC_ERRORS } from '../../shared/schemas/oidc';
import { authCalls } from '../../shared/calls/auth';
import { NETWORK_ERROR, request } from '../api/client';
import { useT, type Translate } from '../i18n';
import { TextField } from './TextField';

interface LoginFormProps {
  role: Role;
  /** The school's hashUID (student logins). */
  school?: string;
  /** A same-site path the server sends a student to after signing in. */
  returnUrl?: string;
}

/** The message shown for a failed login (catalogue texts for the known errors, else the server's text). */
export function loginErrorText(t: Translate, reply: Failure): string {
  if (reply.error === ERRORS.badCredentials) return t('login.badCredentials');
  if (reply.error === ERRORS.tooMany) {
    const seconds = Number((reply.data as { retryAfter?: number } | null)?.retryAfter ?? 60);
    return t('login.tooMany', { minutes: Math.max(1, Math.ceil(seconds / 60)) });
  }
  if (reply.error === 'school not found') return t('login.schoolNotFound');
  if (reply.error === LDAP_ERRORS.unreachable || reply.error === LDAP_ERRORS.notConfigured)
    return t('login.directoryUnreachable');
  if (reply.error === OIDC_ERRORS.ssoRequired) return t('login.ssoRequiredPassword');
  if (reply.error === NETWORK_ERROR) return t('common.networkError');
  return reply.error;
}

/** User name and password form for students and administrators; on success follows the server's redirect. */
export function LoginForm({ role, school, returnUrl }: LoginFormProps) {
  const t = useT();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!username.trim() || !password) {
      setError(t('login.required'));
      return;
    }
    setBusy(true);
    setError('');
    const schoolCode = role === 'student' ? school || undefined : undefined;
    const body = { username: username.trim(), password, role, school: schoolCode, returnUrl: returnUrl || undefined };
    const reply = await request(authCalls.login, { body });
    if (reply.status === 'ok') {
      window.location.assign(reply.data.redirect);
      return; // stay busy while the browser leaves
    }
    setBusy(false);
    setError(loginErrorText(t, reply));
  };

  return (
    <form
      className="login-form"
      onSubmit={handleSubmit}
      noValidate
      aria-label={t('login.form')}
      data-testid="login-form"
    >
      <TextField
        label={t('login.username')}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        aria-invalid={error ? true : undefined}
        autoFocus
      />
      <TextField
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <p className="form-error" role="alert" data-testid="login-error">
        {error}
      </p>
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={busy}
        aria-busy={busy}
        data-testid="login-submit"
      >
        {busy ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
