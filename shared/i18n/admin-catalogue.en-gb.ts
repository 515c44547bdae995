import type { messages as zh } from './admin-catalogue.zh-CN';

/** English (en-gb) messages of the admin-catalogue area: the same keys as its zh-CN file, checked by the type. */
export const messages: Record<keyof typeof zh, string> = {};
