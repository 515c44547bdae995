import { DATE_FORMAT } from '../../../shared/constants';
import { formatDate } from '../../../shared/rules/dates';
import type { AdminColumn, ColumnCard, ColumnCate } from '../../../shared/schemas/columns';
import type { AppContext } from '../../context';
import type { CategoryRow } from './column-cates.repository';
import type { ColumnListRow } from './columns.repository';
import { fenToYuan } from './course-cards.presenter';

/** A column row as a card: yuan prices, code for /u/column/{code}; lcount is its subscriber count (book_count). */
export function toColumnCard(ctx: AppContext, row: ColumnListRow): ColumnCard {
  return {
    coid: row.id,
    code: ctx.courseCodec.encode(row.id),
    title: row.title,
    img: row.img,
    catid: row.catid,
    actual: fenToYuan(row.actualFen),
    price: fenToYuan(row.priceFen),
    book_count: row.bookCount,
    lcount: row.bookCount,
    duration: row.duration,
    course_count: row.courseCount,
    ce_type: row.ceType,
    ce_time: row.ceTime,
    top: row.top,
    create_time: formatDate(row.createdAt, DATE_FORMAT),
  };
}

/** A column for the back office: the card plus description, publish state and ordered course ids. */
export function toAdminColumn(ctx: AppContext, row: ColumnListRow, coids: string[]): AdminColumn {
  return {
    ...toColumnCard(ctx, row),
    description: row.description,
    pub: row.published ? 1 : 0,
    coids,
    update_time: formatDate(row.updatedAt, DATE_FORMAT),
  };
}

/** A column category for replies (isColumn 1 per spec 3 'Category'). */
export function toColumnCate(row: CategoryRow & { columnCount: number }): ColumnCate {
  return {
    catid: row.id,
    title: row.title,
    parent_id: row.parentId,
    position: row.position,
    lft: row.lft,
    rgt: row.rgt,
    column_count: row.columnCount,
    isColumn: 1,
  };
}
