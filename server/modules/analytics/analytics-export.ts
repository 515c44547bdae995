/**
 * The analytics' XLSX downloads (issue 18 'Per group and per student: study time and completion, exportable as
 * XLSX'; the inactive students' list): the rows the screens show, headings in the administrator's language.
 */
import type * as z from 'zod';
import type { Locale } from '../../../shared/constants';
import { fillMessage } from '../../../shared/i18n/core';
import { messages as en } from '../../../shared/i18n/admin-analytics.en-gb';
import { messages as zh } from '../../../shared/i18n/admin-analytics.zh-CN';
import { formatDate } from '../../../shared/rules/dates';
import { ANALYTICS_EXPORT_MAX, type zGroupQuery, type zStudentQuery } from '../../../shared/schemas/analytics';
import type { AppContext } from '../../context';
import { loadXlsxWriter } from '../../lib/heavy-modules';
import { fileStamp, safeNamePart, XLSX_CONTENT_TYPE, xlsxSheet, type Cell } from '../../lib/xlsx-sheet';
import { groupAnalytics, inactive, studentAnalytics } from './analytics.service';

type Admin = { userId: string; schoolId: string };
type Key = keyof typeof zh;

const hours = (ms: number) => Math.round((ms / 3_600_000) * 100) / 100;
const textOf = (locale: Locale) => (key: Key, vars?: Record<string, string | number>) =>
  fillMessage(locale, (locale === 'en-gb' ? en : zh)[key], vars);

async function file(ctx: AppContext, title: string, ascii: string, headings: string[], rows: Cell[][]) {
  const { data, ...options } = xlsxSheet(title, headings, rows);
  const stamp = fileStamp(ctx.now());
  return {
    fileName: `${safeNamePart(title)}-${stamp}.xlsx`,
    asciiName: `${ascii}-${stamp}.xlsx`,
    contentType: XLSX_CONTENT_TYPE,
    body: await (await loadXlsxWriter())(data, options).toBuffer(),
  };
}

/** GET analysis/inactive/export. */
export async function exportInactive(ctx: AppContext, admin: Admin, idle: number, locale: Locale) {
  const t = textOf(locale);
  const list = await inactive(ctx, admin, { idle, page: 1, num: ANALYTICS_EXPORT_MAX });
  const rows = list.students.map((s) => [s.name, s.username, s.lastDay ?? t('admin.analytics.never')]);
  const title = t('admin.analytics.inactive', { n: idle, total: list.total });
  const headings = [t('admin.analytics.name'), t('admin.analytics.username'), t('admin.analytics.lastDay')];
  return file(ctx, title, `inactive-${idle}d`, headings, rows);
}

/** GET analysis/group/export. */
export async function exportGroup(ctx: AppContext, admin: Admin, query: z.output<typeof zGroupQuery>, locale: Locale) {
  const t = textOf(locale);
  const data = await groupAnalytics(ctx, admin, query);
  const headings = [
    t('admin.analytics.name'),
    t('admin.analytics.username'),
    t('admin.analytics.periodHours'),
    t('admin.analytics.totalHours'),
    t('admin.analytics.courses'),
    t('admin.analytics.completed'),
    t('admin.analytics.lastDay'),
  ];
  const rows = data.members.map((m) => [
    m.name,
    m.username,
    hours(m.periodMs),
    hours(m.totalMs),
    m.courses,
    m.completed,
    m.lastDay ?? t('admin.analytics.never'),
  ]);
  return file(
    ctx,
    `${data.group.name} ${data.period.from}~${data.period.to}`,
    `group-${data.group.gid}`,
    headings,
    rows,
  );
}

/** GET analysis/student/export. */
export async function exportStudent(
  ctx: AppContext,
  admin: Admin,
  query: z.output<typeof zStudentQuery>,
  locale: Locale,
) {
  const t = textOf(locale);
  const data = await studentAnalytics(ctx, admin, query);
  const headings = [
    t('admin.analytics.course'),
    t('admin.analytics.process'),
    t('admin.analytics.totalHours'),
    t('admin.analytics.lastVisit'),
    t('admin.analytics.completedAt'),
  ];
  const rows = data.courses.map((c) => [
    c.title,
    c.process,
    hours(c.effMs),
    formatDate(c.lastVisitAt, 'yyyy-MM-dd HH:mm:ss'),
    c.completedAt ? formatDate(c.completedAt, 'yyyy-MM-dd HH:mm:ss') : '',
  ]);
  return file(ctx, data.student.name, `student-${data.student.sid}`, headings, rows);
}
