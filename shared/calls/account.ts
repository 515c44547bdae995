/**
 * The student's own account (spec 5, 7): settings, profile with custom fields, password, avatar (student
 * only, checked in the service; an administrator gets 403), and a visitor's registration (public; the school's rules decide).
 */
import * as s from '../schemas/account';
import { zLoginResult } from '../schemas/auth';
import { defineCall } from '../contract';

const tags = ['student account'];
const WHO = "401 guest; 403 administrator (the student's own pages).";
// 'signedIn', not 'student': requireStudent answers an administrator 401, these pages 403 (ownStudent decides).
const access = 'signedIn';

export const accountCalls = {
  setting: defineCall({
    method: 'GET',
    path: 'stu/setting',
    access,
    tags,
    summary:
      "Get student setting (spec 7: setting {changePass, needPassword}, wechatBind, path, noAllowComment) from the school's " +
      `student settings; canChangePassword says whether the dialog is offered (spec 5). ${WHO}`,
    reply: s.zStudentSettingReply,
  }),
  info: defineCall({
    method: 'GET',
    path: 'stu/info',
    access,
    tags,
    summary:
      "The student's own profile (user name, name, email, phone, avatar, groups, source) with the school's custom fields " +
      `(get user field setting: fieldSet) and the values. ${WHO}`,
    reply: s.zAccountInfo,
  }),
  saveInfo: defineCall({
    method: 'POST',
    path: 'stu/info',
    access,
    tags,
    summary:
      "Save student info (spec 7: infoStr, a JSON list of {sfid, value}) with optional name, email, phone, in one transaction. 400 'unknown field' (data {sfid}), " +
      "400 'field value not accepted' (data {sfid, name, problem}: required, tooLong, notNumber, notDate, notChoice; a required field must have a value after the save). " +
      `A directory account keeps its name, email and phone (the directory owns them). ${WHO}`,
    body: s.zSaveInfo,
    reply: s.zAccountInfo,
  }),
  password: defineCall({
    method: 'POST',
    path: 'stu/password',
    access,
    tags,
    summary:
      "Update student password {oldpwd, newpwd} (spec 5, 7). 403 'password change is turned off' unless changePass is false and needPassword true; " +
      "403 for a directory account; 400 'password must not be empty'; 400 'new password length' (6 to 128); 400 'old password is wrong' (counted by the login throttle, 429 when locked). " +
      `Ends the student's other sessions. ${WHO}`,
    body: s.zChangePassword,
    reply: s.zPasswordChanged,
  }),
  avatar: defineCall({
    method: 'POST',
    path: 'stu/avatar',
    access,
    multipart: true,
    tags,
    summary:
      "Avatar upload (spec 5, 7): multipart, file field 'file-select' (or 'file'), a .jpeg/.jpg/.png whose bytes are a JPEG or PNG, at most 2097152 bytes. " +
      "Stored re-encoded as a 256x256 JPEG public file; answers its URL; the previous avatar file is removed. 400 'no file'; 413 'avatar too large'; 415 'avatar type not allowed'. " +
      WHO,
    reply: s.zAvatarReply,
  }),
  register: defineCall({
    method: 'POST',
    path: 'do/register',
    access: 'public',
    tags,
    summary:
      "A visitor signs up {school (hashUID), username, name, password, infoStr?, returnUrl?} when the school's registration is on, and is signed in (y_main cookie; the do/login reply). " +
      "404 unknown school; 403 'registration is turned off'; 409 user name taken; 400 field values as stu/info; 403 seats full or licence expired; 429 throttled by address.",
    body: s.zRegister,
    reply: zLoginResult,
  }),
};
