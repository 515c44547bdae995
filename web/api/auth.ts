import type { LoginInput, LoginResult, LoginState } from '../../shared/schemas/auth';
import type { z } from 'zod';
import type { zRedirect, zRedirectResult, zStudentLoginStatus } from '../../shared/schemas/auth';
import { call } from './client';

export type StudentLoginStatus = z.infer<typeof zStudentLoginStatus>;
export type RedirectInput = z.input<typeof zRedirect>;
export type RedirectResult = z.infer<typeof zRedirectResult>;

/** POST do/login: signs a student or an administrator in (sets the y_main cookie). */
export const login = (input: LoginInput) => call<LoginResult>('do/login', { method: 'POST', body: input });

/** POST do/s/logout (student) or do/logout (admin): ends the session. */
export const logout = (role: 'student' | 'admin') => call<null>(role === 'admin' ? 'do/logout' : 'do/s/logout', { method: 'POST' });

/** GET checkLogin: who is signed in. */
export const checkLogin = () => call<LoginState>('checkLogin');

/** GET checkStudent/login: isKic once the same student signed in elsewhere (polled). */
export const checkStudentLogin = () => call<StudentLoginStatus>('checkStudent/login');

/** POST redirect: the URL of the school home (0), login (1) or registration (2) page. */
export const redirectUrl = (input: RedirectInput) => call<RedirectResult>('redirect', { method: 'POST', body: input });
