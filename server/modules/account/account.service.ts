import { countFailure, retryAfterSeconds } from '../../../shared/rules/login-throttle';
import { fieldValueIssues } from '../../../shared/rules/student-fields';
import {
  ACCOUNT_ERRORS,
  passwordProblem,
  type AccountInfo,
  type ChangePasswordInput,
  type StudentSettingReply,
  type zSaveInfo,
} from '../../../shared/schemas/account';
import {
  STUDENT_ERRORS,
  type FieldValue,
  type StudentField,
  type StudentSettings,
} from '../../../shared/schemas/students';
import type { z } from 'zod';
import type { AppContext, Auth } from '../../context';
import { badInput, forbidden, noLogin, tooMany } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { findStudent } from '../auth/accounts.repository';
import { loginThrottle } from '../auth/auth.service';
import * as sessionsRepo from '../auth/sessions.repository';
import { checkedFieldValues, schoolFields, studentSettings } from '../student-fields/student-fields.service';
import { setFieldValues, updateStudent } from '../students/student-writes';
import { fieldValuesOf, groupsOfStudents } from '../students/students.repository';
import * as repo from './account.repository';
import { isBound } from '../phone/phone.repository';

/**
 * The student's own account (spec 3 'Student settings', spec 5 'Change password', spec 7 get student setting,
 * get user field setting, save student info {infoStr}, update student password {oldpwd,newpwd}).
 *
 * Choices where the spec is silent:
 * - An administrator calling stu/* gets 403 (these are the student's own pages); a guest 401.
 * - Saving info checks the given values with the one field rule (fieldValueIssues, as student/add and edit and
 *   registration do); a required field must have a value once the save is applied (given now or kept from before), so the information page can be used to
 *   complete them, and a save that leaves one empty is refused (400 'field value not accepted', data {sfid, problem}).
 * - A wrong old password counts with the login throttle of a failed sign-in (loginThrottle: this account from
 *   this address waits longer after each failure past five), so the password dialog cannot be used to guess
 *   the password, and guesses from elsewhere never keep the owner out.
 * - Password change refusals: 403 when the school's settings do not offer it (changePass true or needPassword
 *   false), 403 for a directory (LDAP) account (its password lives in the directory). After a change the
 *   student's other sessions end (a stolen session does not outlive the change); this one stays.
 * - stu/setting's wechatBind says whether the student has bound a phone (issue 19: in the lan release no
 *   messaging-app account can be reached; server/modules/phone) and path is the school's bind QR image.
 */

export type StudentRow = NonNullable<Awaited<ReturnType<typeof findStudent>>>;

/** The signed-in student's row: 401 guest, 403 administrator (the student's own pages), 401 when the account is gone or disabled. */
export async function ownStudent(ctx: AppContext, auth: Auth): Promise<{ student: StudentRow }> {
  if (auth.role === 'guest') throw noLogin();
  if (auth.role !== 'student') throw forbidden();
  const student = await findStudent(ctx.db, auth.userId);
  if (!student || student.disabled || student.schoolId !== auth.schoolId) throw noLogin();
  return { student };
}

/** Password change is offered only when changePass is false and needPassword is true (spec 5), to a local account. */
function passwordChangeAllowed(settings: StudentSettings, source: string): boolean {
  return !settings.changePass && settings.needPassword && source !== 'ldap';
}

/** Whether the student's phone was bound with a checked code (phone_codes; server/modules/phone). */
const phoneBound = async (ctx: AppContext, student: StudentRow) => await isBound(ctx.db, student.id, student.phone);

/** GET stu/setting. */
export async function studentSetting(ctx: AppContext, auth: Auth): Promise<StudentSettingReply> {
  const { student } = await ownStudent(ctx, auth);
  const settings = await studentSettings(ctx, student.schoolId);
  return {
    setting: { changePass: settings.changePass, needPassword: settings.needPassword },
    wechatBind: await phoneBound(ctx, student),
    path: settings.path,
    noAllowComment: settings.noAllowComment,
    canChangePassword: passwordChangeAllowed(settings, student.source),
  };
}

/** Whether every required field has a value (spec 3 haveSetSfields; true when none is required). */
export function requiredFieldsSet(fields: StudentField[], values: FieldValue[]): boolean {
  return fieldValueIssues(fields, [], values).length === 0;
}

/** The bootstrap's fieldSet, studentFields and haveSetSfields for a school's page (studentId for a signed-in student). */
export async function accountBootstrap(ctx: AppContext, schoolId: string | undefined, studentId: string | null) {
  if (!schoolId) return { fieldSet: [], studentFields: [], haveSetSfields: true };
  const fieldSet = await schoolFields(ctx.db, schoolId);
  const studentFields = studentId ? await fieldValuesOf(ctx.db, studentId) : [];
  return { fieldSet, studentFields, haveSetSfields: studentId ? requiredFieldsSet(fieldSet, studentFields) : true };
}

/** GET stu/info: the student's own profile, the school's fields (get user field setting) and the values. */
export async function accountInfo(ctx: AppContext, auth: Auth): Promise<AccountInfo> {
  const { student } = await ownStudent(ctx, auth);
  const fieldSet = await schoolFields(ctx.db, student.schoolId);
  const known = new Set(fieldSet.map((f) => f.sfid));
  const values = (await fieldValuesOf(ctx.db, student.id)).filter((v) => known.has(v.sfid));
  return {
    username: student.username,
    name: student.name,
    email: student.email,
    phone: student.phone,
    avatar: student.avatar,
    source: student.source,
    groups: (await groupsOfStudents(ctx.db, [student.id])).get(student.id) ?? [],
    fieldSet,
    values,
    haveSetSfields: requiredFieldsSet(fieldSet, values),
  };
}

/** POST stu/info: the custom field values and the contact columns, in one transaction. */
export async function saveInfo(ctx: AppContext, auth: Auth, input: z.output<typeof zSaveInfo>): Promise<AccountInfo> {
  const { student } = await ownStudent(ctx, auth);
  // A directory account's name, email and phone come from the directory (the next sync would overwrite them).
  const contact = student.source === 'ldap' ? {} : { name: input.name, email: input.email, phone: input.phone };
  const patch = Object.fromEntries(Object.entries(contact).filter(([, v]) => v !== undefined)) as {
    name?: string;
    email?: string;
    phone?: string;
  };
  await ctx.db.transaction(async (tx) => {
    const values = checkedFieldValues(
      await schoolFields(tx, student.schoolId),
      input.infoStr,
      await fieldValuesOf(tx, student.id),
    );
    await setFieldValues(tx, student.id, values);
    await updateStudent(tx, student.id, patch, ctx.now());
  });
  return await accountInfo(ctx, auth);
}

/** 429 while the key is locked by the login throttle. */
export async function assertNotThrottled(ctx: AppContext, keys: string[]): Promise<void> {
  const now = ctx.now();
  const wait = Math.max(0, ...(await sessionsRepo.findAttempts(ctx.db, keys)).map((a) => retryAfterSeconds(a, now)));
  if (wait > 0) throw tooMany(wait);
}

/** Counts one more attempt on a throttle key with its limit. */
export async function countAttempt(ctx: AppContext, key: string, limit: number): Promise<void> {
  const existing = (await sessionsRepo.findAttempts(ctx.db, [key]))[0];
  await sessionsRepo.saveAttempt(ctx.db, { key, ...countFailure(existing, ctx.now(), limit) });
}

/** POST stu/password {oldpwd, newpwd} (spec 5 'Change password'). */
export async function changePassword(
  ctx: AppContext,
  auth: Auth,
  input: ChangePasswordInput,
  ip: string,
): Promise<{ changed: true }> {
  const { student } = await ownStudent(ctx, auth);
  const settings = await studentSettings(ctx, student.schoolId);
  if (settings.changePass || !settings.needPassword) throw forbidden(STUDENT_ERRORS.passwordChangeOff);
  if (student.source === 'ldap') throw forbidden(STUDENT_ERRORS.ldapAccount);
  const problem = passwordProblem(input.oldpwd, input.newpwd);
  if (problem === 'empty') throw badInput(ACCOUNT_ERRORS.emptyPassword);
  if (problem) throw badInput(ACCOUNT_ERRORS.passwordLength, { problem });
  const throttle = loginThrottle(ctx, { role: 'student', schoolId: student.schoolId, username: student.username }, ip);
  await throttle.check();
  if (!(await verifyPassword(student.passwordHash, input.oldpwd))) {
    await throttle.fail();
    throw badInput(STUDENT_ERRORS.wrongPassword);
  }
  const passwordHash = await hashPassword(input.newpwd);
  await ctx.db.transaction(async (tx) => {
    await updateStudent(tx, student.id, { passwordHash }, ctx.now());
    await repo.endOtherSessions(tx, student.id, auth.tokenHash ?? '', ctx.now());
    await throttle.clear(tx);
  });
  return { changed: true };
}
