import type { z } from 'zod';
import type { zNewPlan, PlanAssignees, PlanInfo, PlanStatus, zAssignResult, zPlanCreated, zPlanList, zPlanStudents } from '../../../../shared/schemas/plans';
import { call } from '../../../api/client';

/** The study plans' back-office calls (server/modules/plans/routes.ts). */
export type PlanList = z.infer<typeof zPlanList>;
export type AssignResult = z.infer<typeof zAssignResult>;
export type PlanStudents = z.infer<typeof zPlanStudents>;
export type { PlanAssignees, PlanInfo, PlanStatus };

/** SWR key heads. */
export const PLAN_LIST_KEY = 'studyplan/list';
export const PLAN_INFO_KEY = 'studyplan/info';
export const PLAN_ASSIGNEES_KEY = 'studyplan/assignees';

export const listPlans = (query: { page: number; num: number; status?: PlanStatus }) => call<PlanList>('studyplan/list', { query });
export const getPlan = (coid: string) => call<PlanInfo>('studyplan/info', { query: { coid } });
/** The form's input (z.input: verify and stage defaults are filled in by the server). */
export const createPlan = (input: z.input<typeof zNewPlan>) =>
  call<z.infer<typeof zPlanCreated>>('studyplan/create', { method: 'POST', body: input });
export const commitPlan = (coid: string) => call<PlanInfo>('studyplan/commit', { method: 'POST', body: { coid } });
export const verifyPlan = (coid: string, approve: boolean, reason = '') => call<PlanInfo>('studyplan/verify', { method: 'POST', body: { coid, approve, reason } });
export const getAssignees = (coid: string) => call<PlanAssignees>('studyplan/assignees', { query: { coid } });
export const assignPlan = (coid: string, targets: { sids?: string[]; gids?: string[] }) => call<AssignResult>('studyplan/assign', { method: 'POST', body: { coid, ...targets } });
export const unassignPlan = (coid: string, targets: { sids?: string[]; gids?: string[] }) => call<AssignResult>('studyplan/unassign', { method: 'POST', body: { coid, ...targets } });
export const searchStudents = (keyword: string) => call<PlanStudents>('studyplan/students', { query: { keyword } });
