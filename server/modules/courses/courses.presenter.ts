import { DATE_FORMAT } from '../../../shared/constants';
import { formatDate } from '../../../shared/rules/dates';
import { COURSE_TYPE } from '../../../shared/rules/course-buttons';
import { creditValue } from '../../../shared/rules/study-credits';
import type { AdminCourseRow, CourseBody, CourseCard } from '../../../shared/schemas/courses';
import type { AppContext } from '../../context';
import type { CardRow } from './catalogue.repository';
import type { CourseRow } from './courses.repository';

/** Fen (stored) to yuan (replies). */
export const fenToYuan = (fen: number) => fen / 100;
/** Yuan (calls, at most two decimals) to fen (stored). */
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);
/** A stored instant as the spec writes dates: 'yyyy-MM-dd HH:mm:ss'. */
export const dateText = (ms: number) => formatDate(ms, DATE_FORMAT);
import { readSettings } from '../../../shared/rules/course-settings';

export { normaliseSettings, readSettings, toFlag } from '../../../shared/rules/course-settings';

/** A course row as a card of the lists; used by every list of courses (catalogue, hot, columns, tags). */
export function toCourseCard(ctx: AppContext, row: CardRow): CourseCard {
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
    count: row.count,
    duration: row.duration,
    catid: row.catid,
    create_time: dateText(row.createdAt),
  };
}

/** The course as course/info replies it to everyone (the viewer's fields are added apart). */
export function toCourseBody(
  ctx: AppContext,
  row: CourseRow,
  extras: { hasFreeChapter: boolean; studyNum: number },
): CourseBody {
  const settings = readSettings(row.settings);
  return {
    ...toCourseCard(ctx, row),
    top: row.top,
    description: row.description,
    keywords: row.keywords,
    notes: row.notes,
    ce_type: row.ceType,
    ce_time: row.ceTime,
    vaildBeginTime: settings.vaildBeginTime,
    authentication_gid: row.authenticationGid,
    order_rest: row.orderRest,
    settings,
    private: row.isPrivate,
    published: row.published,
    deleted: row.deleted,
    graphic: row.type === COURSE_TYPE.graphicOrColumn,
    uid: row.schoolId,
    hashUID: ctx.uidCodec.encode(row.schoolId),
    hasFreeChapter: extras.hasFreeChapter,
    studyNum: extras.studyNum,
    update_time: dateText(row.updatedAt),
    credit: creditValue(row.creditTenths),
  };
}

/** A row of the back office's course list. */
export function toAdminRow(ctx: AppContext, row: CourseRow): AdminCourseRow {
  return {
    ...toCourseCard(ctx, row),
    top: row.top,
    published: row.published,
    private: row.isPrivate,
    keywords: row.keywords,
    update_time: dateText(row.updatedAt),
  };
}
