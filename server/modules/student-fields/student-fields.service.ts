import { fieldValueIssues } from '../../../shared/rules/student-fields';
import {
  readStudentSettings,
  STUDENT_ERRORS,
  type FieldValue,
  type StudentField,
  type StudentSettings,
} from '../../../shared/schemas/students';
import {
  FIELD_ERRORS,
  STUDENT_FIELDS_MAX,
  type StudentFieldList,
  type StudentSettingsPatch,
} from '../../../shared/schemas/student-fields';
import { placeAmong } from '../../../shared/rules/group-tree';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badInput, conflict, notFound } from '../../lib/errors';
import * as repo from './student-fields.repository';
import { eachAsync } from '../../lib/sequential';

/*
 * Custom student fields ("labels", spec 7 Students 'labels (get/add/edit/delete)', 'getfield'; spec 3 other
 * payload names sfid/sfids/label: "Student labels are custom student fields") and the student settings
 * (spec 3 'Student settings'; spec 7 'setting').
 *
 * Choices where the spec is silent:
 * - Field names are trimmed, 1..30 characters and unique in the school (they head columns of the list, the
 *   import template and the export); at most 50 fields.
 * - A field's kind cannot change once any student holds a value (the values would stop fitting); removing a
 *   choice that students hold is refused with the count, so no student is left with a value that no longer
 *   fits. Renaming a choice is a remove plus an add, so it follows the same rule.
 * - Making a field required does not touch existing students; the rule applies when their information is
 *   next saved (fieldProblem in shared/rules/student-fields).
 * - Deleting a field deletes every student's value of it (the screen asks first).
 * - position in labels/edit is the field's 0-based place in the list; the others close up around it.
 */

/** The stored choices (a JSON list); anything else reads as none. */
function readOptions(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const dto = (row: repo.StudentFieldRow): StudentField => ({
  sfid: row.id,
  name: row.name,
  kind: row.kind,
  options: readOptions(row.options),
  required: row.required,
  position: row.position,
});

/**
 * The school's custom fields in order, choices parsed: the one reader of the fields for every module (labels,
 * getfield, the bootstrap, the student's own page, registration, the list and its download, import, LDAP).
 */
export async function schoolFields(db: Db, schoolId: string): Promise<StudentField[]> {
  return (await repo.listFields(db, schoolId)).map(dto);
}

/**
 * The given values checked against the school's fields (fieldValueIssues: unknown sfid, a value that does not
 * fit, a required field left without a value over `kept`), by field id and trimmed; 400 at the first issue,
 * data {field: 'info.<sfid>', sfid, name, problem}. Serves student/add and edit, stu/info and do/register.
 */
export function checkedFieldValues(
  fields: readonly StudentField[],
  given: readonly FieldValue[],
  kept: readonly FieldValue[] = [],
): Record<string, string> {
  const issue = fieldValueIssues(fields, given, kept)[0];
  if (issue) {
    const error = issue.problem === 'unknown' ? STUDENT_ERRORS.unknownField : STUDENT_ERRORS.fieldProblem;
    throw badInput(error, {
      field: `info.${issue.sfid}`,
      sfid: issue.sfid,
      ...(issue.name ? { name: issue.name } : {}),
      problem: issue.problem,
    });
  }
  return Object.fromEntries(given.map((v) => [v.sfid, v.value.trim()]));
}

const fieldList = async (ctx: AppContext, schoolId: string): Promise<StudentFieldList> => ({
  fields: await schoolFields(ctx.db, schoolId),
});

async function assertNameFree(db: Db, schoolId: string, name: string, except?: string) {
  if ((await repo.listFields(db, schoolId)).some((f) => f.name === name && f.id !== except))
    throw conflict(FIELD_ERRORS.nameTaken, { field: 'name' });
}

async function renumber(db: Db, orderedIds: readonly string[]) {
  await eachAsync(orderedIds, async (id, position) => await repo.updateField(db, id, { position }));
}

/** POST student/labels/add: a field at the end of the list. */
export async function addField(
  ctx: AppContext,
  schoolId: string,
  input: { name: string; kind: StudentField['kind']; options: string[]; required: boolean },
): Promise<StudentFieldList & { sfid: string }> {
  const sfid = ctx.ids.next();
  await ctx.db.transaction(async (tx) => {
    const existing = await repo.listFields(tx, schoolId);
    if (existing.length >= STUDENT_FIELDS_MAX) throw conflict(FIELD_ERRORS.tooMany, { max: STUDENT_FIELDS_MAX });
    await assertNameFree(tx, schoolId, input.name);
    const position = existing.reduce((max, f) => Math.max(max, f.position + 1), 0);
    const options = input.kind === 'choice' ? input.options : [];
    await repo.insertField(tx, {
      id: sfid,
      schoolId,
      name: input.name,
      kind: input.kind,
      options: JSON.stringify(options),
      required: input.required,
      position,
      createdAt: ctx.now(),
    });
  });
  return { ...(await fieldList(ctx, schoolId)), sfid };
}

/** POST student/labels/edit: only what is sent changes. */
export async function editField(
  ctx: AppContext,
  schoolId: string,
  input: {
    sfid: string;
    name?: string;
    kind?: StudentField['kind'];
    options?: string[];
    required?: boolean;
    position?: number;
  },
): Promise<StudentFieldList> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findField(tx, schoolId, input.sfid);
    if (!row) throw notFound();
    const field = dto(row);
    if (input.name !== undefined && input.name !== field.name)
      await assertNameFree(tx, schoolId, input.name, field.sfid);
    const kind = input.kind ?? field.kind;
    if (kind !== field.kind) {
      const held = await repo.countValues(tx, field.sfid);
      if (held > 0) throw conflict(FIELD_ERRORS.kindInUse, { count: held });
    }
    let options = kind === 'choice' ? (input.options ?? field.options) : [];
    if (kind === 'choice') {
      if (options.length === 0) throw badInput(FIELD_ERRORS.choiceNeeded, { field: 'options' });
      const removed = field.kind === 'choice' ? field.options.filter((o) => !options.includes(o)) : [];
      const held = await repo.countValues(tx, field.sfid, removed);
      if (held > 0) throw conflict(FIELD_ERRORS.choiceInUse, { count: held, choices: removed });
    } else options = [];
    await repo.updateField(tx, field.sfid, {
      name: input.name ?? field.name,
      kind,
      options: JSON.stringify(options),
      required: input.required ?? field.required,
    });
    if (input.position !== undefined) {
      const ids = (await repo.listFields(tx, schoolId)).map((f) => f.id);
      await renumber(tx, placeAmong(ids, field.sfid, input.position));
    }
  });
  return await fieldList(ctx, schoolId);
}

/** POST student/labels/delete: the field and every student's value of it. */
export async function deleteField(ctx: AppContext, schoolId: string, sfid: string): Promise<StudentFieldList> {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findField(tx, schoolId, sfid))) throw notFound();
    await repo.deleteField(tx, sfid);
    await renumber(
      tx,
      (await repo.listFields(tx, schoolId)).map((f) => f.id),
    );
  });
  return await fieldList(ctx, schoolId);
}

/** GET student/labels. */
export const listFields = fieldList;

/** GET student/setting: the school's student settings with their defaults. */
export async function studentSettings(ctx: AppContext, schoolId: string): Promise<StudentSettings> {
  return readStudentSettings(await repo.schoolSettingsText(ctx.db, schoolId));
}

/**
 * POST student/setting: merges the sent settings into schools.settings, keeping its other keys, and drops the
 * school's cached public replies (registration changes the sign-up link the pages show).
 */
export async function saveStudentSettings(
  ctx: AppContext,
  schoolId: string,
  patch: StudentSettingsPatch,
): Promise<StudentSettings> {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  if (Object.keys(defined).length) {
    await repo.mergeSchoolSettings(ctx.db, schoolId, defined);
    ctx.catalogueCache.bump(schoolId);
  }
  return await studentSettings(ctx, schoolId);
}
