import { oidcCalls } from '../../shared/calls/oidc';
import { request } from './client';

/**
 * Ends the session (oidc/logout, which ends it like do/logout). When the account signed in through the school's
 * identity provider and it offers an end-session endpoint, the browser goes there (it comes back to the sign-in
 * page) and the returned promise never settles; otherwise it resolves and the caller reloads as before.
 */
export async function logout(_role: 'student' | 'admin'): Promise<void> {
  const reply = await request(oidcCalls.logout);
  if (reply.status === 'ok' && reply.data.redirect) {
    window.location.assign(reply.data.redirect);
    await new Promise(() => {});
  }
}
