import * as z from 'zod';
import { PERMISSION_GROUPS } from '../constants';

/** GET admins/me: the signed-in administrator and their school. adminType '0' is the main admin. */
export const zAdminProfile = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  adminType: z.string(),
  permissions: z.array(z.enum(PERMISSION_GROUPS)),
  school: z.object({ id: z.string(), name: z.string(), hashUID: z.string() }),
});
export type AdminProfile = z.infer<typeof zAdminProfile>;
