import { useEffect } from 'react';
import type { Bootstrap } from '../../shared/schemas/bootstrap';
import { loginHref } from '../urls';

/** The bind flow's sign-in address: the sign-in page with the return path and bind=1 (its hint). */
export function bindFlowHref(boot: Pick<Bootstrap, 'hashUID' | 'loginUrl' | 'signUpURL'>): string {
  const href = loginHref(boot);
  const [base, hash = ''] = href.split('#', 2);
  const joined = `${base}${base.includes('?') ? '&' : '?'}bind=1`;
  return hash ? `${joined}#${hash}` : joined;
}

/**
 * Spec 2 page guards: in a messaging-app browser, when the school's registerWay is set and the visitor has no
 * student id, the visitor goes to the bind flow with a return URL (sign in, then back here, where the bind overlay
 * asks for the phone).
 */
export function useBindFlowGuard(boot: Bootstrap): boolean {
  // A guest's userData.sid is '0': no student id.
  const send = boot.inMessagingApp && boot.registerWay !== '' && boot.role === 'guest';
  useEffect(() => {
    if (send) window.location.replace(bindFlowHref(boot));
  }, [send, boot]);
  return send;
}

/** Whether a signed-in student is asked to bind: the school's bindWechat, or the messaging-app bind flow. */
export function asksToBind(boot: Bootstrap): boolean {
  return boot.role === 'student' && (boot.bindWechat || (boot.inMessagingApp && boot.registerWay !== ''));
}
