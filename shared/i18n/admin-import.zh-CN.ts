/** Chinese (zh-CN) messages of admin-import (filled by its area). */
export const messages = {
} as const;
