/**
 * Directory (LDAP) settings, sync and login (spec 1 lan release; spec 7 ldap/auth, ldap/sync). The settings,
 * test and sync calls need permission group 'setting' and always act on the signed-in administrator's school;
 * ldap/auth is public (the login, and whether a school signs in through the directory).
 */
import * as s from '../schemas/ldap';
import { zLoginResult } from '../schemas/auth';
import { defineCall } from '../contract';

const tags = ['directory (LDAP)'];
const access = { admin: 'setting' } as const;
const ADMIN =
  "401 guest; 403 student or a sub-admin without the 'setting' permission. Always the signed-in admin's school.";
const syncSummary =
  'Directory sync {dryRun=1|0 (default 1), confirm=0|1}: paged read, then create, update, disable (never delete) ' +
  "and re-enable. A dry run records the difference only; a real run over the disable cap without confirm=1 is 'held'; " +
  "a failed or truncated read changes nothing ('failed'). Answers the recorded run and the difference (first 50 of " +
  `each). 400 not configured; 409 a run of this school is under way. ${ADMIN}`;

export const ldapCalls = {
  settings: defineCall({
    method: 'GET',
    path: 'ldap/settings',
    access,
    tags,
    summary: `The school's directory settings; never the bind password (bindPasswordSet instead). ${ADMIN}`,
    reply: s.zLdapSettings,
  }),
  saveSettings: defineCall({
    method: 'POST',
    path: 'ldap/settings',
    access,
    tags,
    summary:
      'Saves the directory settings; bindPassword omitted or empty keeps the saved one (stored AES-256-GCM ' +
      'encrypted). 400 with one reason: bad cron schedule, bad user filter, unknown mapped group or field, ' +
      `url/baseDN required when enabled. ${ADMIN}`,
    body: s.zSaveLdapSettings,
    reply: s.zLdapSettings,
  }),
  test: defineCall({
    method: 'POST',
    path: 'ldap/test',
    access,
    tags,
    summary:
      'Test connection with the saved settings (or the given ones over them): connect, bind as the service ' +
      'account, find the base DN, read one page. Answers {ok, message, sample}; message names the failure ' +
      `(unreachable, refused bind, certificate rejected, base DN not found). ${ADMIN}`,
    body: s.zLdapTestInput,
    reply: s.zLdapTestResult,
  }),
  // The spec names GET ldap/sync. A GET only reads (a dry run), so a link on another site can never start a
  // real sync for a signed-in admin; the real run is POST.
  dryRun: defineCall({
    method: 'GET',
    path: 'ldap/sync',
    access,
    tags,
    summary: `${syncSummary} GET runs a dry run only: dryRun=0 answers 405 (Allow: POST).`,
    query: s.zLdapSyncInput,
    reply: s.zLdapSyncResult,
  }),
  sync: defineCall({
    method: 'POST',
    path: 'ldap/sync',
    access,
    tags,
    summary: syncSummary,
    body: s.zLdapSyncInput,
    reply: s.zLdapSyncResult,
  }),
  runs: defineCall({
    method: 'GET',
    path: 'ldap/runs',
    access,
    tags,
    summary: `The last 50 sync runs of the school, newest first (start, end, counts, errors, message). ${ADMIN}`,
    reply: s.zLdapRuns,
  }),
  login: defineCall({
    method: 'POST',
    path: 'ldap/auth',
    access: 'public',
    tags,
    summary:
      'Directory login {school, username, password}: finds the person with the service account, binds as them ' +
      '(the password is never stored), creates the student on a first login (seats checked) and starts a session ' +
      'like do/login. User names compare in NFC (the login-name rule). 401 wrong user name or password (throttled ' +
      "like do/login) or a disabled account; 400 'directory login is not configured or turned off'; 503 " +
      "'directory unreachable'.",
    body: s.zLdapAuth,
    reply: zLoginResult,
  }),
  // The login itself is POST only: a password in a query string would end up in proxy and browser histories.
  authStatus: defineCall({
    method: 'GET',
    path: 'ldap/auth',
    access: 'public',
    tags,
    summary:
      'Whether the school {school: hashUID; default the first school} signs students in through the directory ' +
      '(lan release). The login itself is POST ldap/auth.',
    query: s.zLdapAuthStatusQuery,
    reply: s.zLdapAuthStatus,
  }),
};
