/**
 * Custom student fields ('labels') and student settings (spec 7 Students: labels get/add/edit/delete, setting,
 * getfield). Labels need the 'student' permission; the settings 'student' or 'setting'; getfield any signed-in
 * person of the school.
 */
import * as s from '../schemas/student-fields';
import { zStudentSettings } from '../schemas/students';
import { defineCall } from '../contract';

const tags = ['student fields and settings (back office)'];
const fieldsAccess = { admin: 'student' } as const;
const settingsAccess = { admin: ['student', 'setting'] } as const;

export const studentFieldCalls = {
  list: defineCall({
    method: 'GET',
    path: 'student/labels',
    access: fieldsAccess,
    tags,
    summary: "The school's custom student fields (labels) in order.",
    reply: s.zStudentFieldList,
  }),
  add: defineCall({
    method: 'POST',
    path: 'student/labels/add',
    access: fieldsAccess,
    tags,
    summary:
      'Adds a custom field (text, number, date or single choice; required or not) at the end; 409 for a name ' +
      'the school has.',
    body: s.zNewStudentField,
    reply: s.zAddedStudentField,
  }),
  edit: defineCall({
    method: 'POST',
    path: 'student/labels/edit',
    access: fieldsAccess,
    tags,
    summary:
      'Changes a field (name, kind, choices, required, position). 409 changing the kind once students hold ' +
      'values, or removing a choice students hold (data.count).',
    body: s.zEditStudentField,
    reply: s.zStudentFieldList,
  }),
  remove: defineCall({
    method: 'POST',
    path: 'student/labels/delete',
    access: fieldsAccess,
    tags,
    summary: "Deletes a field and every student's value of it.",
    body: s.zDeleteStudentField,
    reply: s.zStudentFieldList,
  }),
  schoolFields: defineCall({
    method: 'GET',
    path: 'student/getfield',
    access: 'signedIn',
    tags: ['students'],
    summary: "Get user field setting (spec 7): the school's custom fields, for its signed-in students and admins.",
    reply: s.zStudentFieldList,
  }),
  settings: defineCall({
    method: 'GET',
    path: 'student/setting',
    access: settingsAccess,
    tags,
    summary: "The school's student settings (spec 3 'Student settings').",
    reply: zStudentSettings,
  }),
  saveSettings: defineCall({
    method: 'POST',
    path: 'student/setting',
    access: settingsAccess,
    tags,
    summary: "Saves student settings (any of them); the school's other settings are kept.",
    body: s.zStudentSettingsPatch,
    reply: zStudentSettings,
  }),
};
