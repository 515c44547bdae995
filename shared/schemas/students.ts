import * as z from 'zod';

/**
 * Student settings of a school (spec 3 'Student settings'; kept in schools.settings JSON with the school's
 * other switches). Password change is offered only when changePass is false and needPassword is true (spec 5);
 * noAllowComment turns students' comments off; registration lets visitors sign up, registerWay names a
 * messaging-app bind flow (spec 2 page guards; empty on an intranet).
 */
export const zStudentSettings = z.object({
  changePass: z.boolean().default(false),
  needPassword: z.boolean().default(true),
  noAllowComment: z.boolean().default(false),
  registration: z.boolean().default(false),
  registerWay: z.string().max(200).default(''),
});
export type StudentSettings = z.infer<typeof zStudentSettings>;

/** Reads a school's settings JSON into the student settings with the defaults above (bad JSON reads as defaults). */
export function readStudentSettings(settingsJson: string): StudentSettings {
  let raw: unknown = {};
  try {
    raw = JSON.parse(settingsJson);
  } catch {
    raw = {};
  }
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const parsed = zStudentSettings.safeParse(Object.fromEntries(Object.keys(zStudentSettings.shape).filter((k) => k in source).map((k) => [k, source[k]])));
  return parsed.success ? parsed.data : zStudentSettings.parse({});
}

export const STUDENT_FIELD_KINDS = ['text', 'number', 'date', 'choice'] as const;
export type StudentFieldKind = (typeof STUDENT_FIELD_KINDS)[number];
/** Longest value of a custom field, and most choices of a single-choice field. */
export const FIELD_VALUE_MAX = 200;
export const FIELD_OPTIONS_MAX = 50;

/** A custom student field ("label"; sfid is its id): the shape the back office, the bootstrap and the info page read. */
export const zStudentField = z.object({
  sfid: z.string(),
  name: z.string(),
  kind: z.enum(STUDENT_FIELD_KINDS),
  options: z.array(z.string()),
  required: z.boolean(),
  position: z.number().int(),
});
export type StudentField = z.infer<typeof zStudentField>;

/** Save student info {infoStr}: a JSON list of {sfid, value} (spec 7). */
export const zFieldValue = z.object({ sfid: z.string().regex(/^\d{1,20}$/), value: z.string().max(FIELD_VALUE_MAX) });
export type FieldValue = z.infer<typeof zFieldValue>;

/** Error strings of the people calls; the web shows them through errors.* messages. */
export const STUDENT_ERRORS = {
  usernameTaken: 'user name is already used in this school',
  fieldRequired: 'is required',
  ldapAccount: 'this account signs in with the directory: change the password there',
  passwordChangeOff: 'password change is turned off',
  wrongPassword: 'old password is wrong',
} as const;
