import useSWR, { mutate } from 'swr';
import type { Reply } from '../../../shared/envelope';
import { AVATAR_FIELD, type AccountInfo, type RegisterInput, type SaveInfoInput, type StudentSettingReply } from '../../../shared/schemas/account';
import type { LoginResult } from '../../../shared/schemas/auth';
import { call } from '../../api/client';
import { fetchData } from '../../hooks/fetcher';

/** The student's own account calls (server/modules/account) and their swr keys. */

export const SETTING_KEY = 'stu/setting';
export const INFO_KEY = 'stu/info';

/** GET stu/setting: whether the password dialog is offered (spec 5), noAllowComment. Only asked for a student. */
export function useStudentSetting(enabled: boolean) {
  return useSWR<StudentSettingReply>(enabled ? SETTING_KEY : null, fetchData, { revalidateOnFocus: false });
}

/** GET stu/info: the profile with the school's custom fields and the values. */
export function useAccountInfo(enabled: boolean) {
  return useSWR<AccountInfo>(enabled ? INFO_KEY : null, fetchData, { revalidateOnFocus: false });
}

/** POST stu/info (spec 7 'Save student info {infoStr}'): infoStr is the JSON text of the {sfid, value} list. */
export async function saveInfo(input: { values: { sfid: string; value: string }[]; name?: string; email?: string; phone?: string }): Promise<Reply<AccountInfo>> {
  const body: Omit<SaveInfoInput, 'infoStr'> & { infoStr: string } = { infoStr: JSON.stringify(input.values), name: input.name, email: input.email, phone: input.phone };
  const reply = await call<AccountInfo>('stu/info', { method: 'POST', body });
  if (reply.status === 'ok') void mutate(INFO_KEY, reply.data, { revalidate: false });
  return reply;
}

/** POST stu/password {oldpwd, newpwd} (spec 7). */
export const changePassword = (oldpwd: string, newpwd: string) => call<{ changed: true }>('stu/password', { method: 'POST', body: { oldpwd, newpwd } });

/** POST stu/avatar: multipart with the uploads' file field; the new avatar's URL. The top bar and the info page follow. */
export async function uploadAvatar(file: File): Promise<Reply<{ avatar: string }>> {
  const form = new FormData();
  form.append(AVATAR_FIELD, file, file.name);
  const reply = await call<{ avatar: string }>('stu/avatar', { method: 'POST', body: form });
  if (reply.status === 'ok') {
    const avatar = reply.data.avatar;
    void mutate('checkLogin', (state: { userData: { imageurl: string } } | undefined) => (state ? { ...state, userData: { ...state.userData, imageurl: avatar } } : state), { revalidate: true });
    void mutate(INFO_KEY, (info: AccountInfo | undefined) => (info ? { ...info, avatar } : info), { revalidate: false });
  }
  return reply;
}

/** POST do/register: signs a visitor up and in (sets the y_main cookie). */
export const register = (input: Omit<RegisterInput, 'infoStr'> & { infoStr: string }) => call<LoginResult>('do/register', { method: 'POST', body: input });
