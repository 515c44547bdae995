import * as z from 'zod';
import { PASSWORD_MAX, USERNAME_MAX } from '../constants';
import { zCode, zReturnPath } from './common';

export const zRole = z.enum(['student', 'admin']);
export type Role = z.infer<typeof zRole>;

/** POST do/login. school is the school's hashed parent id or parent id (student logins only). */
export const zLogin = z.object({
  username: z.string().trim().min(1, 'is required').max(USERNAME_MAX),
  password: z.string().min(1, 'is required').max(PASSWORD_MAX),
  role: zRole.default('student'),
  school: zCode.optional(),
  /** Where to go after a student login (a path on this site). */
  returnUrl: zReturnPath.optional(),
});
export type LoginInput = z.input<typeof zLogin>;

/** The signed-in person as the pages know them (spec 3 userData). */
export const zUserData = z.object({
  uname: z.string(),
  uid: z.string(),
  sid: z.string(),
  sname: z.string(),
  ksid: z.string(),
  imageurl: z.string(),
  lastvisitDate: z.string(),
  registerDate: z.string(),
  gid: z.array(z.string()),
});
export type UserData = z.infer<typeof zUserData>;

export const zLoginResult = z.object({
  role: zRole,
  userData: zUserData,
  adminType: z.string().nullable(),
  hashUID: z.string(),
  redirect: z.string(),
});
export type LoginResult = z.infer<typeof zLoginResult>;

/** GET checkLogin. */
export const zLoginState = z.object({
  login: z.boolean(),
  role: z.enum(['student', 'admin', 'guest']),
  userData: zUserData,
  adminType: z.string().nullable(),
});
export type LoginState = z.infer<typeof zLoginState>;

/** GET checkStudent/login (polled every 30 s): isKic when the same student has since signed in elsewhere. */
export const zStudentLoginStatus = z.object({ isKic: z.boolean() });

/** POST redirect {uid,type,page,ReturnUrl}: type 0 school home, 1 login, 2 register. */
export const zRedirect = z.object({
  uid: z.union([z.string(), z.number()]).transform(String),
  type: z.coerce.number().int().min(0).max(2),
  page: z.union([z.string(), z.number()]).transform(String),
  ReturnUrl: zReturnPath.optional(),
});
export const zRedirectResult = z.object({ url: z.string() });

export const zLocaleChoice = z.object({ locale: z.enum(['zh-CN', 'en-gb']) });
