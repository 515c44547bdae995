import * as z from 'zod';
import { AVATAR_MAX_BYTES, PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { zCode, zReturnPath } from './common';
import {
  STUDENT_ERRORS,
  zFieldValue,
  zInfoStr,
  zStudentEmail,
  zStudentField,
  zStudentName,
  zStudentPhone,
  zStudentUsername,
} from './students';

/**
 * The student's own account on the student site (spec 2 'Student dashboard' user menu, spec 3 'Student
 * settings', spec 5 change password and avatar upload, spec 7 named operations: get student setting, get user
 * field setting, save student info {infoStr}, update student password {oldpwd,newpwd}, avatar upload), and
 * registration (spec 2 'register only if enabled').
 */

/** Avatar upload (spec 5, spec 9): jpeg, jpg, png, at most 2097152 bytes. Stored re-encoded, square, this many pixels a side. */
export const AVATAR_EXTENSIONS = ['jpeg', 'jpg', 'png'] as const;
export const AVATAR_MAX = AVATAR_MAX_BYTES;
export const AVATAR_SIDE = 256;
/** The multipart field of the avatar file (the uploads module's field, spec 7 'file-select'). */
export { UPLOAD_FILE_FIELD as AVATAR_FIELD } from './uploads';

/** Registrations one address may make in the login throttle's window (choice: the spec is silent). */
export const REGISTER_PER_ADDRESS = 20;

/** The student's own password as the spec 5 dialog checks it: both non-empty; a new one of PASSWORD_MIN..MAX characters. */
export function passwordProblem(oldpwd: string, newpwd: string): 'empty' | 'tooShort' | 'tooLong' | null {
  if (!oldpwd || !newpwd) return 'empty';
  if (newpwd.length < PASSWORD_MIN) return 'tooShort';
  if (newpwd.length > PASSWORD_MAX) return 'tooLong';
  return null;
}

/** Whether a chosen avatar may be sent (spec 5): its name ends in .jpeg/.jpg/.png and it is at most 2097152 bytes. */
export function avatarProblem(name: string, size: number): 'type' | 'size' | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(ext)) return 'type';
  if (size > AVATAR_MAX) return 'size';
  return null;
}

/** Error strings of the account calls (the web maps them to messages; spec 5/8 texts in account.*). */
export const ACCOUNT_ERRORS = {
  registrationOff: 'registration is turned off',
  unknownField: STUDENT_ERRORS.unknownField,
  fieldProblem: STUDENT_ERRORS.fieldProblem,
  emptyPassword: 'password must not be empty',
  passwordLength: 'new password length',
  avatarType: 'avatar type not allowed',
  avatarTooLarge: 'avatar too large',
  noFile: 'no file',
} as const;

/** GET stu/setting (spec 7 'Get student setting (setting JSON, wechatBind, path, noAllowComment)'). */
export const zStudentSettingReply = z.object({
  setting: z.object({ changePass: z.boolean(), needPassword: z.boolean() }),
  /** Whether the student has bound a phone (issue 19; the lan release binds by phone). */
  wechatBind: z.boolean(),
  path: z.string(),
  noAllowComment: z.boolean(),
  /** Whether the password dialog is offered: changePass false and needPassword true (spec 5), and a local account. */
  canChangePassword: z.boolean(),
});
export type StudentSettingReply = z.infer<typeof zStudentSettingReply>;

/** GET stu/info: the student's own profile with the school's custom fields and the values. */
export const zAccountInfo = z.object({
  username: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  avatar: z.string(),
  source: z.enum(['local', 'ldap']),
  groups: z.array(z.object({ gid: z.string(), name: z.string() })),
  fieldSet: z.array(zStudentField),
  values: z.array(zFieldValue),
  haveSetSfields: z.boolean(),
});
export type AccountInfo = z.infer<typeof zAccountInfo>;

/** POST stu/info (spec 7 'Save student info {infoStr}'), with the contact columns the page also edits. */
export const zSaveInfo = z.object({
  infoStr: zInfoStr.default([]),
  name: zStudentName.optional(),
  email: zStudentEmail.optional(),
  phone: zStudentPhone.optional(),
});
export type SaveInfoInput = z.input<typeof zSaveInfo>;

/** POST stu/password (spec 7 'Update student password {oldpwd,newpwd}'); emptiness and length are checked by the service. */
export const zChangePassword = z.object({
  oldpwd: z.string().max(PASSWORD_MAX * 2),
  newpwd: z.string().max(PASSWORD_MAX * 2),
});
export type ChangePasswordInput = z.infer<typeof zChangePassword>;
/** POST stu/password's reply. */
export const zPasswordChanged = z.object({ changed: z.literal(true) });

/** POST stu/avatar: the new avatar's public URL. */
export const zAvatarReply = z.object({ avatar: z.string() });

/** POST do/register: a visitor signs up to a school that allows it. */
export const zRegister = z.object({
  school: zCode,
  username: zStudentUsername,
  name: zStudentName,
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  infoStr: zInfoStr.default([]),
  returnUrl: zReturnPath.optional(),
});
export type RegisterInput = z.input<typeof zRegister>;
