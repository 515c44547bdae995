import * as z from 'zod';
import { zCreditedRate } from '../rules/playback-rate';
import { zId } from './common';
import { FIELD_OPTIONS_MAX, STUDENT_FIELD_KINDS, zQrPath, zStudentField } from './students';

/**
 * Custom student fields ("labels", spec 7 Students labels get/add/edit/delete; spec 3 other payload names
 * sfid/sfids/label) and the student settings calls (student/setting, student/getfield).
 */

/** Longest field name and longest choice; most fields a school may define. */
export const FIELD_NAME_MAX = 30;
export const FIELD_OPTION_MAX = 50;
export const STUDENT_FIELDS_MAX = 50;

const name = z.string().trim().min(1, 'is required').max(FIELD_NAME_MAX);
/** The choices of a 'choice' field: trimmed, non-empty, no repeats, at most FIELD_OPTIONS_MAX. */
export const zFieldOptions = z
  .array(z.string().trim().min(1, 'is required').max(FIELD_OPTION_MAX))
  .max(FIELD_OPTIONS_MAX)
  .refine((options) => new Set(options).size === options.length, 'must not repeat a choice');

/** POST student/labels/add. A choice field needs at least one choice; other kinds keep none. */
export const zNewStudentField = z
  .object({
    name,
    kind: z.enum(STUDENT_FIELD_KINDS),
    options: zFieldOptions.default([]),
    required: z.boolean().default(false),
  })
  .refine((f) => f.kind !== 'choice' || f.options.length > 0, {
    message: 'a choice field needs at least one choice',
    path: ['options'],
  });
export type NewStudentField = z.input<typeof zNewStudentField>;

/** POST student/labels/edit: only what is sent changes; position is the 0-based place in the list. */
export const zEditStudentField = z.object({
  sfid: zId,
  name: name.optional(),
  kind: z.enum(STUDENT_FIELD_KINDS).optional(),
  options: zFieldOptions.optional(),
  required: z.boolean().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
});
export type EditStudentField = z.input<typeof zEditStudentField>;
export const zDeleteStudentField = z.object({ sfid: zId });

export const zStudentFieldList = z.object({ fields: z.array(zStudentField) });
export type StudentFieldList = z.infer<typeof zStudentFieldList>;
export const zAddedStudentField = zStudentFieldList.extend({ sfid: z.string() });

/** POST student/setting: any of the student settings; the others (and the school's other keys) stay. */
export const zStudentSettingsPatch = z.object({
  changePass: z.boolean().optional(),
  needPassword: z.boolean().optional(),
  noAllowComment: z.boolean().optional(),
  registration: z.boolean().optional(),
  registerWay: z.string().trim().max(200).optional(),
  ranking: z.boolean().optional(),
  bindWechat: z.boolean().optional(),
  path: zQrPath.optional(),
  /** The fastest credited playback speed (1, 1.25, 1.5, 2). */
  maxRate: zCreditedRate.optional(),
});
export type StudentSettingsPatch = z.infer<typeof zStudentSettingsPatch>;

/** Error strings of the field calls (409). */
export const FIELD_ERRORS = {
  nameTaken: 'a field has this name',
  tooMany: 'too many fields',
  kindInUse: 'students have values for this field: its kind cannot change',
  choiceInUse: 'students hold the choice being removed',
  choiceNeeded: 'a choice field needs at least one choice',
} as const;
