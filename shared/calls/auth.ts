/**
 * Signing in and out, and who is signed in (spec 7 Auth). All public: the service decides what a guest, a
 * student or an administrator gets. The sign-in throttle lives in the login service. The spec's GET forms of
 * logout are not declared calls: they answer only same-origin requests (server/modules/auth/routes.ts).
 */
import * as z from 'zod';
import * as s from '../schemas/auth';
import { defineCall } from '../contract';

const tags = ['auth'];
const logoutSummary = 'Ends the session. POST; the GET form of the spec also works, but not from another site (403).';

export const authCalls = {
  login: defineCall({
    method: 'POST',
    path: 'do/login',
    access: 'public',
    tags,
    summary: 'Signs a student or an administrator in and sets the session cookie; repeated failures are throttled.',
    body: s.zLogin,
    reply: s.zLoginResult,
  }),
  logout: defineCall({
    method: 'POST',
    path: 'do/logout',
    access: 'public',
    tags,
    summary: logoutSummary,
    reply: z.null(),
  }),
  studentLogout: defineCall({
    method: 'POST',
    path: 'do/s/logout',
    access: 'public',
    tags,
    summary: logoutSummary,
    reply: z.null(),
  }),
  loginState: defineCall({
    method: 'GET',
    path: 'checkLogin',
    access: 'public',
    tags,
    summary: 'Who is signed in: login, role (student, admin or guest), userData, adminType.',
    reply: s.zLoginState,
  }),
  studentLoginStatus: defineCall({
    method: 'GET',
    path: 'checkStudent/login',
    access: 'public',
    tags,
    summary: 'Polled every 30 s: isKic once the same student has since signed in elsewhere.',
    reply: s.zStudentLoginStatus,
  }),
  redirect: defineCall({
    method: 'POST',
    path: 'redirect',
    access: 'public',
    tags,
    summary: 'The URL of the school home (type 0), login (1) or registration (2) page.',
    body: s.zRedirect,
    reply: s.zRedirectResult,
  }),
};
