import type { z } from 'zod';
import type {
  ExamCategory,
  ExamInfo,
  ExamStats,
  MarkingItem,
  PaperInfo,
  zExamChapters,
  zExamList,
  zMark,
  zMarkingList,
  zMarkReply,
  zPaperList,
  zSaveExam,
  zSavePaper,
  zSittingList,
} from '../../../shared/schemas/exam-admin';
import { apiUrl, call } from '../../api/client';

/** The exams' back-office calls (server/modules/exam-admin/routes.ts). */
export type PaperList = z.infer<typeof zPaperList>;
export type ExamList = z.infer<typeof zExamList>;
export type SittingList = z.infer<typeof zSittingList>;
export type MarkingList = z.infer<typeof zMarkingList>;
export type MarkReply = z.infer<typeof zMarkReply>;
export type ExamChapters = z.infer<typeof zExamChapters>;
export type { ExamCategory, ExamInfo, ExamStats, MarkingItem, PaperInfo };

/** SWR key heads. */
export const EXAM_CATEGORIES_KEY = 'examadmin/category/list';
export const PAPER_LIST_KEY = 'examadmin/paper/list';
export const PAPER_INFO_KEY = 'examadmin/paper/info';
export const EXAM_LIST_KEY = 'examadmin/exam/list';
export const EXAM_INFO_KEY = 'examadmin/exam/info';
export const SITTINGS_KEY = 'examadmin/exam/sittings';
export const STATS_KEY = 'examadmin/exam/stats';
export const MARKING_KEY = 'examadmin/marking/list';

type Categories = { list: ExamCategory[] };
export const listExamCategories = () => call<Categories>('examadmin/category/list');
export const addExamCategory = (title: string) => call<Categories>('examadmin/category/add', { body: { title } });
export const renameExamCategory = (id: string, title: string) => call<Categories>('examadmin/category/rename', { body: { id, title } });
export const orderExamCategories = (ids: string[]) => call<Categories>('examadmin/category/order', { body: { ids } });
export const deleteExamCategory = (id: string) => call<Categories>('examadmin/category/delete', { body: { id } });

export const listPapers = (query: { key?: string; page: number; num: number }) => call<PaperList>('examadmin/paper/list', { query });
export const getPaper = (id: string) => call<PaperInfo>('examadmin/paper/info', { query: { id } });
export const savePaper = (input: z.input<typeof zSavePaper>) => call<PaperInfo>('examadmin/paper/save', { body: input });
export const copyPaper = (id: string, title?: string) => call<PaperInfo>('examadmin/paper/copy', { body: { id, title } });
export const deletePaper = (id: string) => call<{ id: string }>('examadmin/paper/delete', { body: { id } });

export const listExams = (query: { key?: string; categoryId?: string; status?: 'draft' | 'published'; page: number; num: number }) => call<ExamList>('examadmin/exam/list', { query });
export const getExam = (id: string) => call<ExamInfo>('examadmin/exam/info', { query: { id } });
export const saveExam = (input: z.input<typeof zSaveExam>) => call<ExamInfo>('examadmin/exam/save', { body: input });
export const publishExam = (id: string, publish: boolean) => call<ExamInfo>('examadmin/exam/publish', { body: { id, publish } });
export const deleteExam = (id: string) => call<{ id: string }>('examadmin/exam/delete', { body: { id } });
export const examChapters = (courseId: string) => call<ExamChapters>('examadmin/exam/chapters', { query: { courseId } });

export const listSittings = (query: { id: string; key?: string; filter?: string; page: number; num: number }) => call<SittingList>('examadmin/exam/sittings', { query });
export const getStats = (id: string) => call<ExamStats>('examadmin/exam/stats', { query: { id } });
/** The address of the results' XLSX download. */
export const exportUrl = (id: string) => apiUrl('examadmin/exam/export', { id });

export const listMarking = (query: { source: 'exam' | 'exercise'; status: 'pending' | 'marked'; examId?: string; page: number; num: number }) => call<MarkingList>('examadmin/marking/list', { query });
export const markAnswer = (input: z.input<typeof zMark>) => call<MarkReply>('examadmin/marking/mark', { body: input });
