import type { EditStudentField, NewStudentField, StudentFieldList } from '../../../shared/schemas/student-fields';
import type { StudentSettings } from '../../../shared/schemas/students';
import type { StudentSettingsPatch } from '../../../shared/schemas/student-fields';
import { call } from '../../api/client';

/** SWR key of the school's custom student fields (GET student/labels). */
export const FIELDS_KEY = 'student/labels';
/** SWR key of the student settings (GET student/setting). */
export const STUDENT_SETTINGS_KEY = 'student/setting';

export const addField = (field: NewStudentField) => call<StudentFieldList & { sfid: string }>('student/labels/add', { method: 'POST', body: field });
/** POST student/labels/edit: only the keys sent change (position = the field's 0-based place). */
export const editField = (edit: EditStudentField) => call<StudentFieldList>('student/labels/edit', { method: 'POST', body: edit });
export const deleteField = (sfid: string) => call<StudentFieldList>('student/labels/delete', { method: 'POST', body: { sfid } });
export const saveStudentSettings = (patch: StudentSettingsPatch) => call<StudentSettings>('student/setting', { method: 'POST', body: patch });
