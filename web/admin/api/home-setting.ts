import type { z } from 'zod';
import type { HomeSetting, zAdminHomeSetting } from '../../../shared/schemas/home-setting';
import type { Group } from '../../../shared/schemas/groups';
import { call } from '../../api/client';

export type AdminHomeSetting = z.infer<typeof zAdminHomeSetting>;

/** SWR key of the home setting (GET setting/userpage). */
export const HOME_SETTING_KEY = 'setting/userpage';
/** SWR key of the student groups (GET s/group/list), for the group restriction picker. */
export const GROUPS_KEY = 's/group/list';
export type GroupList = { groups: Group[] };

/** POST setting/userpage: the whole setting; a bad value answers 400 naming it. */
export const saveHomeSetting = (setting: HomeSetting) => call<AdminHomeSetting>('setting/userpage', { method: 'POST', body: { setting } });
