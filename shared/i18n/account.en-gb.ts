import type { messages as zh } from './account.zh-CN';

/** English (en-gb) messages of account: the same keys as account.zh-CN. */
export const messages: Record<keyof typeof zh, string> = {
};
