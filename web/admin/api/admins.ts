import type { CateNode, GroupPermissions, NewSubAdminInput, SetPermissionInput, SubAdmin, SubAdminList, UpdateSubAdminInput } from '../../../shared/schemas/admins';
import { call } from '../../api/client';

/** The sub-admins' back-office calls (server/modules/admins/routes.ts, spec 7 Admins). */
export type { CateNode, GroupPermissions, SubAdmin, SubAdminList };

/** SWR key heads. */
export const SUB_ADMINS_KEY = 'admins/list';
export const ADMIN_CATES_KEY = 'admins/getCate';
export const GROUP_PERMISSIONS_KEY = 'admins/getgrouppermissions';

export const listSubAdmins = (query: { page: number; num: number; keyword: string; groupId: string }) =>
  call<SubAdminList>('admins/list', { query: { page: query.page, num: query.num, keyword: query.keyword || undefined, groupId: query.groupId || undefined } });
export const registerSubAdmin = (input: NewSubAdminInput) => call<SubAdmin>('admins/registered', { method: 'POST', body: input });
export const updateSubAdmin = (input: UpdateSubAdminInput) => call<SubAdmin>('admins/update', { method: 'POST', body: input });
export const deleteSubAdmins = (ids: string[]) => call<{ deleted: number }>('admins/delete', { method: 'POST', body: { ids } });
export const setPermission = (input: SetPermissionInput) => call<SubAdmin>('admins/setpermission', { method: 'POST', body: input });
/** Every permission group with its label key, what the admin (or the caller without id) holds and what the caller may grant. */
export const groupPermissions = (id?: string) => call<GroupPermissions>('admins/getgrouppermissions', { query: { id } });
export const categoryTree = () => call<{ cates: CateNode[] }>('admins/getCate');
