import * as z from 'zod';
import { zUserData } from './auth';
import { zFieldValue, zStudentField } from './students';

/** Which server page the HTML shell was asked for (spec 2 routes). */
export const zPageKind = z.enum([
  'home',
  'login',
  'logout',
  'learn',
  'column',
  'live',
  'course',
  'dashboard',
  'admin',
  'notFound',
]);
export type PageKind = z.infer<typeof zPageKind>;

/** Page bootstrap data embedded in the HTML shell (spec 3), plus the shell's own keys after 'page'. */
export const zBootstrap = z.object({
  websiteURL: z.string(),
  fileServer: z.string(),
  resourceServer: z.string(),
  userData: zUserData,
  adminType: z.string().nullable(),
  phone: z.string(),
  parseUid: z.string(),
  yksViewServer: z.string(),
  locale: z.enum(['zh-CN', 'en-gb']),
  /** The school's custom student fields, and the signed-in student's values of them (shared/rules/student-fields). */
  fieldSet: z.array(zStudentField),
  haveSetSfields: z.boolean(),
  studentFields: z.array(zFieldValue),
  permissionGroups: z.array(z.string()),
  model: z.string(),
  ver: z.enum(['lan', 'online']),
  token: z.string(),
  ssoServer: z.string(),
  systom: z.string(),
  userPermissions: z.array(z.string()),
  version: z.string(),
  examModel: z.boolean(),
  uid: z.string(),
  hashUID: z.string(),
  signUpURL: z.string(),
  chapterInfos: z.array(z.unknown()),
  haspay: z.boolean(),
  action: z.number().nullable(),
  isMiniprogram: z.boolean(),
  coid: z.string(),
  // The shell's own keys.
  page: zPageKind,
  params: z.record(z.string(), z.string()),
  role: z.enum(['student', 'admin', 'guest']),
  schoolName: z.string(),
  adminPath: z.string(),
  apiPrefix: z.string(),
  loginUrl: z.string(),
  returnUrl: z.string(),
  registerEnabled: z.boolean(),
  /** Issue 19: the school's messaging-app bind flow (session pageSetting registerWay; empty: none). */
  registerWay: z.string(),
  /** Issue 19: signed-in students without a bound phone see the bind overlay (student settings bindWechat). */
  bindWechat: z.boolean(),
  /** Issue 19: the page is read in a messaging-app browser (user agent MicroMessenger). */
  inMessagingApp: z.boolean(),
});
export type Bootstrap = z.infer<typeof zBootstrap>;
