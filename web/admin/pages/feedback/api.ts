import type { AdminGradeList, AdminSignatureList } from '../../../../shared/schemas/feedback';
import { call } from '../../../api/client';

/** SWR key heads of the signatures and ratings screen. */
export const SIGNATURES_KEY = 'course/signature/list';
export const GRADES_KEY = 'chapter/grade/list';

/** GET course/signature/list {coid, page, num}: the course's signatures, newest first. */
export const listSignatures = (query: { coid: string; page: number; num: number }) => call<AdminSignatureList>('course/signature/list', { query });
/** GET chapter/grade/list {coid, cid?, page, num}: the ratings with the average score. */
export const listGrades = (query: { coid: string; cid?: string; page: number; num: number }) => call<AdminGradeList>('chapter/grade/list', { query });
/** POST chapter/grade/delete {ids}. */
export const deleteGrades = (ids: string[]) => call<{ deleted: number }>('chapter/grade/delete', { method: 'POST', body: { ids } });
