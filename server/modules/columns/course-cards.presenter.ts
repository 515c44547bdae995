import { DATE_FORMAT } from '../../../shared/constants';
import { formatDate } from '../../../shared/rules/dates';
import type { CourseCard } from '../../../shared/schemas/courses';
import type { AppContext } from '../../context';
import type { CourseCardRow } from './course-cards.repository';

/** Fen (stored) to yuan (replies). */
export const fenToYuan = (fen: number) => fen / 100;
/** Yuan (calls) to fen (stored), rounded to the nearest fen. */
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);

/** A course row as a card: prices in yuan, create_time 'yyyy-MM-dd HH:mm:ss', code for URLs; count is 0 until popularity is recorded. */
export function toCourseCard(ctx: AppContext, row: CourseCardRow): CourseCard {
  return {
    coid: row.id,
    code: ctx.courseCodec.encode(row.id),
    title: row.title,
    img: row.img,
    type: row.type,
    level: row.level,
    label: row.label,
    actual: fenToYuan(row.actualFen),
    price: fenToYuan(row.priceFen),
    lcount: row.lcount,
    count: 0,
    duration: row.duration,
    catid: row.catid,
    create_time: formatDate(row.createdAt, DATE_FORMAT),
  };
}
