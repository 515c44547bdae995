/**
 * The page sizes of the student site's column reads (spec 9). The column calls are declared in
 * shared/calls/columns.ts.
 */

/** Column list page size (spec 9): 8 on desktop, 20 on mobile. */
export const COLUMN_PAGE_SIZE = { desktop: 8, mobile: 20 } as const;
/** At most 5 column categories on the home page (spec 9). */
export const HOME_COLUMN_CATES = 5;
