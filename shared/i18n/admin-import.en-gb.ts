import type { messages as zh } from './admin-import.zh-CN';

/** English (en-gb) messages of admin-import: the same keys as admin-import.zh-CN. */
export const messages: Record<keyof typeof zh, string> = {
};
