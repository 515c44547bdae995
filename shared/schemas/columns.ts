import * as z from 'zod';
import { zId } from './common';
import { zCourseCard } from './courses';
import { zCatid, zSafeUrl, zSchoolRef } from './home-setting';

/**
 * Columns (spec 3 'Column'): course bundles with their own price (yuan, two decimals; stored as fen)
 * and validity (ce_type 0 permanent, 1 days from purchase with ce_time a day count, 2 fixed window with
 * ce_time an end date), one-level column categories, and the student calls of spec 7.
 */

export const COLUMN_TITLE_MAX = 100;
export const COLUMN_CATE_TITLE_MAX = 30;
export const COLUMN_COURSES_MAX = 200;
/** Column list page size: 8 desktop, 20 mobile (spec 9) is the client's choice; at most this. */
export const COLUMN_PAGE_MAX = 50;
export const DESCRIPTION_MAX = 200_000;

/** A yuan amount: 0 or more, at most two decimals. */
export const zYuan = z
  .number()
  .min(0)
  .max(10_000_000)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'must have at most two decimals');

/** A 0/1 flag as clients send it (number, numeric string or boolean). */
export const zBit = z.union([z.boolean(), z.coerce.number().int().min(0).max(1)]).transform((value) => (value ? 1 : 0));

/** A column as URLs and calls name it: its id, or its encoded code (/u/column/{code}). */
export const zColumnRef = z.coerce
  .string()
  .min(1)
  .max(64)
  .regex(/^[0-9A-Za-z_-]+$/, 'must be a column id');

export const zValidityType = z.coerce.number().int().min(0).max(2);
const zCeTime = z.union([z.string(), z.number()]).transform((value) => String(value).trim());

/** Why ce_time does not fit ce_type (days for 1, an end date for 2, nothing for 0), or null when it fits. */
export function validityError(ceType: number, ceTime: string): string | null {
  if (ceType === 1 && !/^[1-9]\d{0,4}$/.test(ceTime)) return 'must be a number of days from 1 to 99999';
  if (ceType === 2 && !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(ceTime))
    return 'must be an end date yyyy-MM-dd';
  return null;
}

const columnFields = {
  title: z.string().trim().min(1, 'is required').max(COLUMN_TITLE_MAX),
  img: zSafeUrl,
  /** Rich text, sanitised on save. */
  description: z.string().max(DESCRIPTION_MAX),
  /** '0' = no category, else a column category of the school. */
  catid: zCatid,
  actual: zYuan,
  price: zYuan,
  ce_type: zValidityType,
  ce_time: zCeTime,
};

/** POST column/new: an unpublished column; only the title is required. */
export const zNewColumn = z
  .object({
    ...columnFields,
    img: columnFields.img.default(''),
    description: columnFields.description.default(''),
    catid: columnFields.catid.default('0'),
    actual: columnFields.actual.default(0),
    price: columnFields.price.default(0),
    ce_type: columnFields.ce_type.default(0),
    ce_time: columnFields.ce_time.default(''),
  })
  .superRefine((value, context) => {
    const message = validityError(value.ce_type, value.ce_time);
    if (message) context.addIssue({ code: 'custom', path: ['ce_time'], message });
  });
export type NewColumn = z.output<typeof zNewColumn>;

/** POST column/save: the fields given replace the column's; the ones left out stay. */
export const zUpdateColumn = z.object({ column_id: zId, ...z.object(columnFields).partial().shape });
export type UpdateColumn = z.output<typeof zUpdateColumn>;

export const zColumnIds = z.object({ ids: z.array(zId).min(1).max(500) });
export const zPubColumn = z.object({ column_id: zId, pub: zBit });
export const zTopColumn = z.object({ column_id: zId, top: zBit });

/** POST column/courses: the column's whole ordered course list (course ids of the same school). */
export const zColumnCourses = z.object({
  column_id: zId,
  coids: z
    .array(zId)
    .max(COLUMN_COURSES_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a course'),
});

export const zColumnCatesQuery = z.object({ uid: zSchoolRef.optional() });
export const zNewColumnCate = z.object({ title: z.string().trim().min(1, 'is required').max(COLUMN_CATE_TITLE_MAX) });
/** POST column/cate/update: rename and/or move to a 0-based position. */
export const zUpdateColumnCate = z.object({
  catid: zId,
  title: zNewColumnCate.shape.title.optional(),
  position: z.coerce.number().int().min(0).max(10_000).optional(),
});
export const zDeleteColumnCate = z.object({ catid: zId });

/** A column category (one level: parent_id '0'; lft/rgt a flat nested set under the virtual root 0). */
export const zColumnCate = z.object({
  catid: z.string(),
  title: z.string(),
  parent_id: z.string(),
  position: z.number().int(),
  lft: z.number().int(),
  rgt: z.number().int(),
  column_count: z.number().int(),
  isColumn: z.literal(1),
});
export type ColumnCate = z.infer<typeof zColumnCate>;

/** POST column/list {pageNum, pageSize, cates, uid} (spec 7): cates is a catid, '0' for all. */
export const zColumnListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(COLUMN_PAGE_MAX).default(8),
  cates: zCatid.default('0'),
  uid: zSchoolRef.optional(),
});

/** GET column/admin/list. */
export const zColumnAdminListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  num: z.coerce.number().int().min(1).max(100).default(20),
  cates: zCatid.default('0'),
  keyword: z.string().trim().max(100).default(''),
});

/** A column as a card (spec 3 'Column'). lcount is its subscriber count; duration and course_count cover its visible courses. */
export const zColumnCard = z.object({
  coid: z.string(),
  code: z.string(),
  title: z.string(),
  img: z.string(),
  catid: z.string(),
  actual: z.number(),
  price: z.number(),
  book_count: z.number().int(),
  lcount: z.number().int(),
  duration: z.number().int(),
  course_count: z.number().int(),
  ce_type: z.number().int(),
  ce_time: z.string(),
  top: z.number().int(),
  create_time: z.string(),
});
export type ColumnCard = z.infer<typeof zColumnCard>;

export const zColumnList = z.object({ list: z.array(zColumnCard), total: z.number().int() });

/** A column in the back office: with its description, publish state and ordered course ids (any state). */
export const zAdminColumn = zColumnCard.extend({
  description: z.string(),
  pub: z.number().int(),
  coids: z.array(z.string()),
  update_time: z.string(),
});
export type AdminColumn = z.infer<typeof zAdminColumn>;
export const zAdminColumnList = z.object({ list: z.array(zAdminColumn), total: z.number().int() });

/** Column buy info for the viewer (spec 3): isBook subscribed, infinite purchased. */
export const zColumnBuy = z.object({ isBook: z.boolean(), infinite: z.boolean() });
export const zColumnButton = z.object({ action: z.enum(['start', 'subscribe']), disabled: z.boolean() });

/** GET column/info/{id}: the column, its visible courses in order, the viewer's buy info and main button. */
export const zColumnInfo = z.object({
  column: zColumnCard.extend({ description: z.string() }),
  courses: z.array(zCourseCard),
  buy: zColumnBuy,
  button: zColumnButton,
});
export type ColumnInfo = z.infer<typeof zColumnInfo>;

export const zColumnRefQuery = z.object({ coid: zColumnRef });
/** POST column/collect {uid, coid, collect} (spec 7); uid is the school and is not needed. */
export const zColumnCollect = z.object({ uid: zSchoolRef.optional(), coid: zColumnRef, collect: zBit });
/** POST column/book {uid, column_id} (spec 7). */
export const zBookColumn = z.object({ uid: zSchoolRef.optional(), column_id: zColumnRef });
export const zBookResult = zColumnBuy.extend({ book_count: z.number().int(), button: zColumnButton });

/** GET column/info/{id}: a column's id or code. */
export const zColumnParams = z.object({ id: zColumnRef });
/** GET column/admin/info/{column_id}. */
export const zAdminColumnParams = z.object({ column_id: zId });
/** The column categories (column/cates, column/cate/list and the category writes). */
export const zColumnCateList = z.object({ cates: z.array(zColumnCate) });
/** column/cate/add reply: the new category's id and the list after it. */
export const zAddedColumnCate = zColumnCateList.extend({ catid: z.string() });
/** column/delete reply. */
export const zColumnsDeleted = z.object({ deleted: z.number().int() });
/** column/collect and column/collect/status reply: 1 bookmarked, 0 not. */
export const zColumnCollectState = z.object({ collect: z.number().int() });
/** column/visit reply: nothing (fire and forget). */
export const zColumnVisited = z.null();
