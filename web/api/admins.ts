import type { AdminProfile } from '../../shared/schemas/admins';
import { call } from './client';

/** GET admins/me: the signed-in administrator, their permissions and school. */
export const adminMe = () => call<AdminProfile>('admins/me');
