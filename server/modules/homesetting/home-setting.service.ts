import { defaultHomeSetting, zHomeSetting, type HomeSetting, type UserPage } from '../../../shared/schemas/home-setting';
import { formatDate } from '../../../shared/rules/dates';
import { DATE_FORMAT } from '../../../shared/constants';
import type { AppContext } from '../../context';
import { sanitizeRichText } from '../../lib/sanitize';
import type { School } from '../schools/schools.repository';
import * as repo from './home-setting.repository';

/** A school's home setting with the defaults filled in; a stored value that no longer parses reads as the defaults. */
export function readHomeSetting(ctx: AppContext, schoolId: string): { setting: HomeSetting; updatedAt: number | null } {
  const row = repo.findHomeSetting(ctx.db, schoolId);
  if (!row) return { setting: defaultHomeSetting(), updatedAt: null };
  let stored: unknown;
  try {
    stored = JSON.parse(row.setting);
  } catch {
    stored = {};
  }
  const parsed = zHomeSetting.safeParse(stored);
  if (!parsed.success) ctx.log.warn({ schoolId }, 'stored home setting no longer valid; serving defaults');
  return { setting: parsed.success ? parsed.data : defaultHomeSetting(), updatedAt: row.updatedAt };
}

/** GET userpage/{uid}: 'Get user page data by parent id' (spec 7) for the school. */
export function userPage(ctx: AppContext, school: School): UserPage {
  const { setting } = readHomeSetting(ctx, school.id);
  return {
    setting,
    userpagetitle: setting.userpagetitle,
    userpagelogo: setting.userpagelogo,
    catesetting: setting.catesetting,
    schoolName: school.name,
    uid: school.id,
    hashUID: ctx.uidCodec.encode(school.id),
  };
}

/** GET setting/userpage (back office): the setting and when it was last saved ('' never). */
export function adminHomeSetting(ctx: AppContext, schoolId: string): { setting: HomeSetting; updated: string } {
  const { setting, updatedAt } = readHomeSetting(ctx, schoolId);
  return { setting, updated: updatedAt === null ? '' : formatDate(updatedAt, DATE_FORMAT) };
}

/** POST setting/userpage: stores the whole (already validated) setting with its rich text sanitised, and drops the school's cached replies. */
export function saveHomeSetting(ctx: AppContext, schoolId: string, setting: HomeSetting): { setting: HomeSetting; updated: string } {
  const clean: HomeSetting = { ...setting, aboutuscontent: sanitizeRichText(setting.aboutuscontent) };
  const at = ctx.now();
  repo.saveHomeSetting(ctx.db, schoolId, JSON.stringify(clean), at);
  ctx.catalogueCache.bump(schoolId);
  return { setting: clean, updated: formatDate(at, DATE_FORMAT) };
}
