/**
 * Phone binding (spec 7 bindPhoneNum, checkVerification, check wechat bind; issue 19): in the lan release no
 * messaging-app account can be reached, so a student binds a phone with a code. Limits: shared/rules/phone-codes.
 */
import * as s from '../schemas/phone';
import { defineCall } from '../contract';

const tags = ['phone binding'];
const WHO = '401 guest; 403 administrator.';

export const phoneCalls = {
  bindPhoneNum: defineCall({
    method: 'POST',
    path: 'stu/bindPhoneNum',
    access: 'signedIn',
    tags,
    summary:
      'Sends a 6-digit code to {phone} for the signed-in student (good 10 min, 5 tries) through the school SMS gateway, ' +
      "or keeps it for an administrator when the school has none (via 'admin'). 400 'phone number not accepted'; " +
      "409 'phone is bound to another student'; 429 'resend too soon' (60 s), 'too many codes for this number' " +
      "(5 an hour, 10 a day), 'too many codes from this address' (20 an hour), data {retryAfter}; 502 when the gateway fails. " +
      WHO,
    body: s.zBindPhone,
    reply: s.zCodeSent,
    noStore: true,
  }),
  checkVerification: defineCall({
    method: 'POST',
    path: 'stu/checkVerification',
    access: 'signedIn',
    tags,
    summary:
      "Checks {phone, code} and binds the phone to the student. 400 'no code was sent', 'wrong code', 'code expired', " +
      `'too many tries'; 409 'phone is bound to another student'. ${WHO}`,
    body: s.zCheckCode,
    reply: s.zBindState,
    noStore: true,
  }),
  bindState: defineCall({
    method: 'GET',
    path: 'stu/wechat/bind',
    access: 'signedIn',
    tags,
    summary: `Check wechat bind (spec 7): whether the student has a bound phone (polled every 4 s by the bind overlay). ${WHO}`,
    reply: s.zBindState,
    noStore: true,
  }),
  pendingCodes: defineCall({
    method: 'GET',
    path: 'student/phoneCodes',
    access: { admin: 'student' },
    tags,
    summary:
      'Codes waiting to be read out to students when the school has no SMS gateway (kept in memory until used or expired); ' +
      "the number is masked but for the main account's view.",
    reply: s.zPendingCodes,
    noStore: true,
  }),
};
