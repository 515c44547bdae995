import type { messages as zh } from './admin-licence.zh-CN';

/** English (en-gb) messages of admin-licence: the same keys as admin-licence.zh-CN. */
export const messages: Record<keyof typeof zh, string> = {
  'admin.menu.licence': 'Licence and upgrades',
};
