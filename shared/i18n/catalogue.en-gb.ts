import type { messages as zh } from './catalogue.zh-CN';

/** English (en-gb) messages of the catalogue area: the same keys as its zh-CN file, checked by the type. */
export const messages: Record<keyof typeof zh, string> = {};
