import type { GroupKind, GroupList } from '../../../shared/schemas/groups';
import { call } from '../../api/client';

/** The path prefix of a kind of group tree: s/group (students) or a/group (sub-admins). */
const prefixOf = (kind: GroupKind) => (kind === 'student' ? 's/group' : 'a/group');

/** SWR key of a group tree's list (s/group/list is also the key the group pickers of other screens use). */
export const groupsKey = (kind: GroupKind) => `${prefixOf(kind)}/list`;

export const addGroup = (kind: GroupKind, name: string, parentId: string) =>
  call<GroupList & { gid: string }>(`${prefixOf(kind)}/add`, { method: 'POST', body: { name, parent_id: parentId } });
export const renameGroup = (kind: GroupKind, gid: string, name: string) => call<GroupList>(`${prefixOf(kind)}/rename`, { method: 'POST', body: { gid, name } });
/** Moves a group under parentId ('0' = root) at position among its new siblings (0 = first). */
export const moveGroup = (kind: GroupKind, gid: string, parentId: string, position: number) =>
  call<GroupList>(`${prefixOf(kind)}/move`, { method: 'POST', body: { gid, parent_id: parentId, position } });
export const deleteGroup = (kind: GroupKind, gid: string) => call<GroupList>(`${prefixOf(kind)}/delete`, { method: 'POST', body: { gid } });
