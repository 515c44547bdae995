import * as z from 'zod';
import { PHONE_PATTERN } from '../rules/phone-codes';

/** A phone number as typed: spaces and dashes dropped, then digits with an optional leading +. */
export const zPhone = z
  .string()
  .max(40)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => PHONE_PATTERN.test(v), 'phone number not accepted');

/** POST stu/bindPhoneNum. */
export const zBindPhone = z.object({ phone: zPhone });

/** How the code went out: by the school's SMS gateway, or shown to an administrator (no gateway). */
export const zCodeSent = z.object({
  via: z.enum(['sms', 'admin']),
  /** Seconds before another code may be asked for. */
  resendAfter: z.number().int(),
  /** Seconds the code stays good. */
  expiresIn: z.number().int(),
});
export type CodeSent = z.infer<typeof zCodeSent>;

/** POST stu/checkVerification. */
export const zCheckCode = z.object({
  phone: zPhone,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'wrong code'),
});

/** The student's bound phone after checkVerification; GET stu/wechat/bind (check wechat bind). */
export const zBindState = z.object({ bind: z.boolean(), phone: z.string() });
export type BindState = z.infer<typeof zBindState>;

/** GET student/phoneCodes: codes waiting to be read out by an administrator (the school has no SMS gateway). */
export const zPendingCode = z.object({
  id: z.string(),
  /** Masked but for the last four digits unless the reader is the school's main account. */
  phone: z.string(),
  studentName: z.string(),
  username: z.string(),
  code: z.string(),
  expiresAt: z.number().int(),
});
export const zPendingCodes = z.object({ list: z.array(zPendingCode) });
export type PendingCode = z.infer<typeof zPendingCode>;
