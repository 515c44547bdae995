/** Chinese messages of the admin-catalogue area (merged into the one catalogue by shared/i18n/index.ts). */
export const messages = {} as const;
