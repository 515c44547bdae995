import type { MessageKey } from '../../../../shared/i18n';
import { VALIDITY } from '../../../../shared/rules/course-status';
import { creditTenths, creditText, creditValue, parseCredit } from '../../../../shared/rules/study-credits';
import type { z } from 'zod';
import type { CourseInfo, zSaveCourse, zUpdateCourseSettings } from '../../../../shared/schemas/courses';

type SaveCourseInput = z.input<typeof zSaveCourse>;
type SettingsPatch = z.input<typeof zUpdateCourseSettings>['settings'];

/** Course types (spec 3): 0 ordinary, 1 live, 2 public live, 3 study-plan, 4 graphic. */
export const COURSE_TYPES: { value: number; label: MessageKey }[] = [
  { value: 0, label: 'admin.course.type0' },
  { value: 1, label: 'admin.course.type1' },
  { value: 2, label: 'admin.course.type2' },
  { value: 3, label: 'admin.course.type3' },
  { value: 4, label: 'admin.course.type4' },
];
/** Levels (spec 3): 0 growth plan / beginner, 1 phase plan / intermediate, 2 advanced. */
export const COURSE_LEVELS: { value: number; label: MessageKey }[] = [
  { value: 0, label: 'admin.course.level0' },
  { value: 1, label: 'admin.course.level1' },
  { value: 2, label: 'admin.course.level2' },
];
/** Study-plan kinds of settings.plan_type. */
export const PLAN_TYPES: { value: number; label: MessageKey }[] = [
  { value: 0, label: 'admin.course.plan0' },
  { value: 1, label: 'admin.course.plan1' },
  { value: 2, label: 'admin.course.plan2' },
];

export const FLAG_SETTINGS = [
  'exercOrder',
  'notAllowSkip',
  'verify',
  'signature',
  'switchremind',
  'leaveremind',
  'expire_limit',
] as const;
type FlagSetting = (typeof FLAG_SETTINGS)[number];

/** The editor's form: text inputs hold strings until saving. */
export interface CourseForm {
  title: string;
  catid: string;
  type: number;
  level: number;
  label: string;
  img: string;
  keywords: string;
  notes: string;
  description: string;
  actual: string;
  price: string;
  ce_type: number;
  ce_time: string;
  begin: string;
  groups: string[];
  order_rest: boolean;
  private: boolean;
  flags: Record<FlagSetting, boolean>;
  plan_type: number;
  leavetime: string;
  stage_year: string;
  stage_date: string;
  /** The fastest credited playback speed; 0 = the school's. */
  maxRate: number;
  /** Study credits as typed ('' = none; shared/rules/study-credits parseCredit). */
  credit: string;
}

export type CourseTab = 'info' | 'description' | 'price' | 'access' | 'study' | 'chapters' | 'learners' | 'qa';
export const COURSE_TABS: { key: CourseTab; label: MessageKey }[] = [
  { key: 'info', label: 'admin.course.tabInfo' },
  { key: 'description', label: 'admin.course.tabDescription' },
  { key: 'price', label: 'admin.course.tabPrice' },
  { key: 'access', label: 'admin.course.tabAccess' },
  { key: 'study', label: 'admin.course.tabStudy' },
  { key: 'chapters', label: 'admin.course.tabChapters' },
  { key: 'learners', label: 'admin.course.tabLearners' },
  // Issue 16: the course's chapter Q&A.
  { key: 'qa', label: 'admin.menu.qa' },
];

/** The tab holding a form field, so a server complaint about it can be shown. */
export function tabOfField(field: string): CourseTab {
  if (field === 'description') return 'description';
  if (['actual', 'price', 'ce_type', 'ce_time', 'vaildBeginTime'].includes(field)) return 'price';
  if (['authentication_gid', 'private'].includes(field)) return 'access';
  if (
    field === 'order_rest' ||
    field === 'plan_type' ||
    field === 'leavetime' ||
    field === 'maxRate' ||
    field.startsWith('stage_') ||
    (FLAG_SETTINGS as readonly string[]).includes(field)
  )
    return 'study';
  return 'info';
}

const groupList = (value: string) => (value === '' || value === '0' ? [] : value.split(',').filter(Boolean));

/** The form of a course as the server holds it. */
export function formOf(course: CourseInfo): CourseForm {
  const s = course.settings;
  return {
    title: course.title,
    catid: course.catid || '0',
    type: course.type,
    level: course.level,
    label: String(course.label),
    img: course.img,
    keywords: course.keywords,
    notes: course.notes,
    description: course.description,
    actual: String(course.actual),
    price: String(course.price),
    ce_type: course.ce_type,
    ce_time: course.ce_time,
    begin: s.vaildBeginTime,
    groups: groupList(course.authentication_gid),
    order_rest: course.order_rest,
    private: course.private,
    flags: {
      exercOrder: s.exercOrder,
      notAllowSkip: s.notAllowSkip,
      verify: s.verify,
      signature: s.signature,
      switchremind: s.switchremind,
      leaveremind: s.leaveremind,
      expire_limit: s.expire_limit,
    },
    plan_type: s.plan_type,
    leavetime: String(s.leavetime),
    stage_year: String(s.stage_year),
    stage_date: String(s.stage_date),
    maxRate: s.maxRate,
    credit: creditText(creditTenths(course.credit)),
  };
}

/** Form errors the browser can see before asking the server (numbers that are not numbers). */
export function localErrors(form: CourseForm, t: (key: MessageKey) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  const money = (value: string) => value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) >= 0;
  const whole = (value: string) => /^\d+$/.test(value.trim());
  if (!form.title.trim()) errors.title = t('admin.common.required');
  if (!money(form.actual)) errors.actual = t('admin.common.badMoney');
  if (!money(form.price)) errors.price = t('admin.common.badMoney');
  if (!whole(form.leavetime)) errors.leavetime = t('admin.common.badNumber');
  if (!whole(form.stage_year)) errors.stage_year = t('admin.common.badNumber');
  if (!whole(form.stage_date)) errors.stage_date = t('admin.common.badNumber');
  if (!/^\d$/.test(form.label.trim())) errors.label = t('admin.common.badNumber');
  if (parseCredit(form.credit) === null) errors.credit = t('admin.course.badCredit');
  return errors;
}

/** The course/save body and the course/updateSet patch for what changed between two forms (null when nothing did). */
export function changesOf(
  coid: string,
  before: CourseForm,
  after: CourseForm,
): { save: SaveCourseInput | null; settings: SettingsPatch | null } {
  const values: NonNullable<SaveCourseInput['values']> = {};
  if (after.title !== before.title) values.title = after.title.trim();
  if (after.catid !== before.catid) values.catid = after.catid;
  if (after.type !== before.type) values.type = after.type;
  if (after.level !== before.level) values.level = after.level;
  if (after.label !== before.label) values.label = Number(after.label);
  if (after.img !== before.img) values.img = after.img.trim();
  if (after.notes !== before.notes) values.notes = after.notes;
  if (after.actual !== before.actual) values.actual = Number(after.actual);
  if (after.price !== before.price) values.price = Number(after.price);
  if (after.ce_type !== before.ce_type || after.ce_time !== before.ce_time) {
    values.ce_type = after.ce_type;
    values.ce_time = after.ce_type === VALIDITY.permanent ? '' : after.ce_time.trim();
  }
  if (after.groups.join(',') !== before.groups.join(',')) values.authentication_gid = after.groups.join(',');
  if (after.order_rest !== before.order_rest) values.order_rest = after.order_rest;
  if (after.private !== before.private) values.private = after.private;
  const credit = parseCredit(after.credit);
  if (credit !== null && credit !== parseCredit(before.credit)) values.credit = creditValue(credit);
  const save: SaveCourseInput = { coid, values };
  if (after.keywords !== before.keywords) save.keywords = after.keywords.trim();
  if (after.description !== before.description) save.description = after.description;

  const settings: NonNullable<SettingsPatch> = {};
  for (const key of FLAG_SETTINGS) if (after.flags[key] !== before.flags[key]) settings[key] = after.flags[key];
  if (after.plan_type !== before.plan_type) settings.plan_type = after.plan_type;
  if (after.leavetime !== before.leavetime) settings.leavetime = Number(after.leavetime);
  if (after.stage_year !== before.stage_year) settings.stage_year = Number(after.stage_year);
  if (after.stage_date !== before.stage_date) settings.stage_date = Number(after.stage_date);
  if (after.begin !== before.begin) settings.vaildBeginTime = after.begin;
  if (after.maxRate !== before.maxRate) settings.maxRate = after.maxRate;

  const changedSave = Object.keys(values).length > 0 || save.keywords !== undefined || save.description !== undefined;
  return { save: changedSave ? save : null, settings: Object.keys(settings).length > 0 ? settings : null };
}

/**
 * Whether the settings must be saved before the values: the server checks a fixed window's end against the
 * stored first day, so an earlier (or cleared) first day goes first and a later one after the new end.
 */
export function settingsFirst(before: CourseForm, after: CourseForm): boolean {
  if (after.begin === before.begin) return false;
  return after.begin === '' || before.begin === '' ? after.begin === '' : after.begin < before.begin;
}
