import type { ReactNode } from 'react';
import { oidcCalls } from '../../shared/calls/oidc';
import { OIDC_ERRORS } from '../../shared/schemas/oidc';
import { useCall } from '../hooks/useCall';
import type { MessageKey } from '../../shared/i18n';
import { useT } from '../i18n';

/** The reason a refused single sign-on came back with (?ssoError=), as a catalogue key; null without one. */
function ssoErrorKey(): MessageKey | null {
  const reason = new URLSearchParams(window.location.search).get('ssoError');
  return reason && reason in OIDC_ERRORS ? (`login.ssoError.${reason}` as MessageKey) : null;
}

/**
 * Single sign-on on a sign-in page (issue 19): the 'Sign in with {provider}' button when the school has one
 * (students; staff when allowed), the reason a sign-in came back refused, and, when students must use it,
 * `children` (the password form) left out.
 */
export function SsoSignIn({
  school,
  as,
  returnUrl,
  children,
}: {
  school?: string;
  as: 'student' | 'admin';
  returnUrl?: string;
  children: ReactNode;
}) {
  const t = useT();
  const { data: status } = useCall(oidcCalls.status, { query: { school: school || undefined } });
  const error = ssoErrorKey();
  const start = as === 'admin' ? status?.staffStart : status?.studentStart;
  const href = start && returnUrl ? `${start}&returnTo=${encodeURIComponent(returnUrl)}` : start;
  const only = as === 'student' && status?.studentsRequired;
  return (
    <>
      {error && (
        <p className="form-error" role="alert" data-testid="sso-error">
          {t(error)}
        </p>
      )}
      {only && <p data-testid="sso-required">{t('login.ssoRequired', { name: status.name })}</p>}
      {!only && children}
      {href && (
        <a className={`btn btn-block${only ? ' btn-primary' : ''} sso-button`} href={href} data-testid="sso-button">
          {t('login.sso', { name: status!.name })}
        </a>
      )}
    </>
  );
}
