/**
 * The exam platform (yks) frame (issue 19; spec 7 yks/login/status). The settings need the permission group
 * 'setting' and act on the signed-in administrator's school; the sign-in and its status are public.
 */
import * as z from 'zod';
import * as s from '../schemas/yks';
import { defineCall } from '../contract';

const tags = ['exam platform (yks)'];
const access = { admin: 'setting' } as const;
const ADMIN = "401 guest; 403 student or a sub-admin without 'setting'. Always the signed-in admin's school.";

export const yksCalls = {
  settings: defineCall({
    method: 'GET',
    path: 'yks/settings',
    access,
    tags,
    summary: `The school's exam platform settings; never the shared secret (secretSet instead). ${ADMIN}`,
    reply: s.zYksSettings,
  }),
  saveSettings: defineCall({
    method: 'POST',
    path: 'yks/settings',
    access,
    tags,
    summary:
      'Saves the exam platform settings: login address (http/https), embedding origins (scheme://host[:port]), ' +
      'issuer, HS256 with a shared secret (>= 32 characters, stored AES-256-GCM encrypted; omitted keeps it) ' +
      `or RS256/ES256 with a PEM public key. 400 with one reason. ${ADMIN}`,
    body: s.zSaveYksSettings,
    reply: s.zYksSettings,
  }),
  status: defineCall({
    method: 'GET',
    path: 'yks/login/status',
    access: 'public',
    tags,
    summary:
      "Whether the school (uid, else the session's) has an enabled exam platform, whether the caller is a " +
      'signed-in student of it, the yks sign-in address and the origins window messages go to and come from.',
    query: s.zYksStatusQuery,
    reply: s.zYksStatus,
    noStore: true,
  }),
  login: defineCall({
    method: 'GET',
    path: 'yks/login',
    access: 'public',
    tags,
    summary:
      'The exam platform sign-in. Without an assertion: 302 to the platform login address with uid and ' +
      'return (this address). With assertion=<compact JWS> (iss = configured issuer, aud = the hashed school ' +
      'id, sub = the platform user id, jti, exp at most 5 min ahead, clock skew 60 s, optional name, ' +
      'username, groups): verified (signature, audience, expiry, one use), then a student session for the ' +
      'linked, same-username or new student and 302 to return with model=yks. 400 bad assertion, ' +
      '409 replayed, 404 unknown school or platform not configured.',
    query: s.zYksLoginQuery,
    reply: z.null(),
    noStore: true,
  }),
};
