import type { z } from 'zod';
import type { HomeSetting, zAdminHomeSetting } from '../../../shared/schemas/home-setting';
import { call } from '../../api/client';

export type AdminHomeSetting = z.infer<typeof zAdminHomeSetting>;

/** SWR key of the home setting (GET setting/userpage). */
export const HOME_SETTING_KEY = 'setting/userpage';

/** POST setting/userpage: the whole setting; a bad value answers 400 naming it. */
export const saveHomeSetting = (setting: HomeSetting) => call<AdminHomeSetting>('setting/userpage', { method: 'POST', body: { setting } });
