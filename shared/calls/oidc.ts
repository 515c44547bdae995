/**
 * Single sign-on with OpenID Connect (issue 19, beyond the spec). The settings and test calls need permission
 * group 'setting' (as the directory screen) and act on the signed-in administrator's school; oidc/status and
 * oidc/logout are public. The sign-in itself is two browser navigations, not calls: GET /sso/oidc/start
 * {school, as=student|admin, returnTo} redirects to the provider, GET /sso/oidc/callback comes back from it
 * (server/modules/oidc/routes.ts).
 */
import * as s from '../schemas/oidc';
import { defineCall } from '../contract';

const tags = ['single sign-on (OpenID Connect)'];
const access = { admin: 'setting' } as const;
const ADMIN =
  "401 guest; 403 student or a sub-admin without the 'setting' permission. Always the signed-in admin's school.";

export const oidcCalls = {
  settings: defineCall({
    method: 'GET',
    path: 'oidc/settings',
    access,
    tags,
    summary: `The school's OpenID Connect settings; never the client secret (clientSecretSet instead). ${ADMIN}`,
    reply: s.zOidcSettings,
    noStore: true,
  }),
  saveSettings: defineCall({
    method: 'POST',
    path: 'oidc/settings',
    access,
    tags,
    summary:
      'Saves the settings; clientSecret omitted or empty keeps the saved one (AES-256-GCM at rest), but only ' +
      'for the issuer and client id it was entered for. 400 with one reason: issuer not https (http only on ' +
      `loopback), unknown mapped group, issuer/client id required when enabled, secret needed again. ${ADMIN}`,
    body: s.zSaveOidcSettings,
    reply: s.zOidcSettings,
  }),
  test: defineCall({
    method: 'POST',
    path: 'oidc/test',
    access,
    tags,
    summary: `Discovery of the given (or saved) issuer: {ok, message, issuer, endSession}. ${ADMIN}`,
    body: s.zOidcTestInput,
    reply: s.zOidcTestResult,
  }),
  status: defineCall({
    method: 'GET',
    path: 'oidc/status',
    access: 'public',
    tags,
    summary:
      'What the sign-in pages of a school {school: hashUID; default the first school} show: whether single ' +
      'sign-on is on, the provider name, whether students must use it, and the start URLs.',
    query: s.zOidcStatusQuery,
    reply: s.zOidcStatus,
  }),
  logout: defineCall({
    method: 'POST',
    path: 'oidc/logout',
    access: 'public',
    tags,
    summary:
      'Ends the session like do/logout; when the account signed in through the provider and it offers an ' +
      "end_session_endpoint, redirect is that URL (post_logout_redirect_uri back to this site), else ''.",
    reply: s.zOidcLogoutResult,
  }),
};
