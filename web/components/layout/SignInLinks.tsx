import { useBootstrap } from '../../bootstrap';
import { useT } from '../../i18n';
import { loginHref, signUpHref } from '../../urls';

/** Sign in and, when registration is enabled, Sign up: both come back to `here` afterwards. */
export function SignInLinks({ here, signInClass, testId }: { here: string; signInClass: string; testId: string }) {
  const t = useT();
  const boot = useBootstrap();
  return (
    <>
      <a className={signInClass} href={loginHref(boot, here)} data-testid={testId}>
        {t('nav.signIn')}
      </a>
      {boot.registerEnabled && (
        <a className="btn btn-primary btn-small" href={signUpHref(boot, here)}>
          {t('nav.signUp')}
        </a>
      )}
    </>
  );
}
