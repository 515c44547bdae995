/** Chinese (zh-CN) messages of account (filled by its area). */
export const messages = {
} as const;
