import { mutate } from 'swr';
import { accountCalls } from '../../shared/calls/account';
import { authCalls } from '../../shared/calls/auth';
import type { Reply } from '../../shared/envelope';
import { AVATAR_FIELD, type AccountInfo } from '../../shared/schemas/account';
import type { LoginState } from '../../shared/schemas/auth';
import { request } from './client';

/** The student's own account calls that do more than call: the info list as infoStr, the avatar form. */

/** POST stu/info (spec 7 'Save student info {infoStr}'): infoStr is the JSON text of the {sfid, value} list. */
export async function saveInfo(input: {
  values: { sfid: string; value: string }[];
  name?: string;
  email?: string;
  phone?: string;
}): Promise<Reply<AccountInfo>> {
  const body = { infoStr: JSON.stringify(input.values), name: input.name, email: input.email, phone: input.phone };
  const reply = await request(accountCalls.saveInfo, { body });
  if (reply.status === 'ok') void mutate(accountCalls.info.path, reply.data, { revalidate: false });
  return reply;
}

/** POST stu/avatar: multipart with the uploads' file field; the new avatar's URL. The top bar and the info page follow. */
export async function uploadAvatar(file: File): Promise<Reply<{ avatar: string }>> {
  const form = new FormData();
  form.append(AVATAR_FIELD, file, file.name);
  const reply = await request(accountCalls.avatar, { body: form });
  if (reply.status === 'ok') {
    const avatar = reply.data.avatar;
    const withAvatar = (state: LoginState | undefined) =>
      state ? { ...state, userData: { ...state.userData, imageurl: avatar } } : state;
    void mutate(authCalls.loginState.path, withAvatar, { revalidate: true });
    void mutate(accountCalls.info.path, (info: AccountInfo | undefined) => (info ? { ...info, avatar } : info), {
      revalidate: false,
    });
  }
  return reply;
}
