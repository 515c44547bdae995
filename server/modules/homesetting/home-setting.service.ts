import {
  defaultHomeSetting,
  zHomeSetting,
  type HomeSetting,
  type UserPage,
} from '../../../shared/schemas/home-setting';
import { formatDate } from '../../../shared/rules/dates';
import { DATE_FORMAT } from '../../../shared/constants';
import type { AppContext } from '../../context';
import { sanitizeRichText } from '../../lib/sanitize';
import type { School } from '../schools/schools.repository';
import * as repo from './home-setting.repository';

/**
 * A school's home setting with the defaults filled in. A stored value that a stricter rule now refuses (a link
 * saved before the link rule of shared/rules/site-links, say) loses only that value: the key falls back to its
 * default, or the list entry goes, and everything else the school saved stays.
 */
export async function readHomeSetting(
  ctx: AppContext,
  schoolId: string,
): Promise<{ setting: HomeSetting; updatedAt: number | null }> {
  const row = await repo.findHomeSetting(ctx.db, schoolId);
  if (!row) return { setting: defaultHomeSetting(), updatedAt: null };
  let stored: unknown;
  try {
    stored = JSON.parse(row.setting);
  } catch {
    stored = {};
  }
  let parsed = zHomeSetting.safeParse(stored);
  for (let round = 0; !parsed.success && round < REPAIR_ROUNDS; round++) {
    ctx.log.warn(
      { schoolId, issues: parsed.error.issues.map((i) => i.path.join('.')) },
      'stored home setting: values dropped',
    );
    for (const issue of parsed.error.issues) dropAt(stored, issue.path);
    compact(stored);
    parsed = zHomeSetting.safeParse(stored);
  }
  return { setting: parsed.success ? parsed.data : defaultHomeSetting(), updatedAt: row.updatedAt };
}

/** A value refused, then its entry, then the entry's list entry: enough rounds for the setting's depth. */
const REPAIR_ROUNDS = 4;

/** Removes the value at a path (a key, so its default applies); when it is already gone, the list entry holding it. */
function dropAt(root: unknown, path: readonly PropertyKey[]): void {
  const chain: unknown[] = [root];
  for (const key of path.slice(0, -1)) {
    const next = (chain[chain.length - 1] as Record<PropertyKey, unknown> | null)?.[key];
    if (next === null || typeof next !== 'object') return;
    chain.push(next);
  }
  const last = path[path.length - 1];
  const parent = chain[chain.length - 1] as Record<PropertyKey, unknown>;
  if (last === undefined || parent === null || typeof parent !== 'object') return;
  if (Array.isArray(parent) && typeof last === 'number') {
    parent[last] = undefined;
  } else if (last in parent) {
    delete parent[last];
  } else {
    // Already gone and still refused (a required key): drop the list entry that holds it.
    const index = path.length - 2;
    const holder = chain[chain.length - 2];
    if (Array.isArray(holder) && typeof path[index] === 'number') holder[path[index] as number] = undefined;
  }
}

/** Takes out the list entries marked undefined (after a round, so the paths of one round stay valid). */
function compact(value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (let i = value.length - 1; i >= 0; i--) if (value[i] === undefined) value.splice(i, 1);
  }
  for (const child of Object.values(value)) compact(child);
}

/** GET userpage/{uid}: 'Get user page data by parent id' (spec 7) for the school. */
export async function userPage(ctx: AppContext, school: School): Promise<UserPage> {
  const { setting } = await readHomeSetting(ctx, school.id);
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
export async function adminHomeSetting(
  ctx: AppContext,
  schoolId: string,
): Promise<{ setting: HomeSetting; updated: string }> {
  const { setting, updatedAt } = await readHomeSetting(ctx, schoolId);
  return { setting, updated: updatedAt === null ? '' : formatDate(updatedAt, DATE_FORMAT) };
}

/** POST setting/userpage: stores the whole (already validated) setting with its rich text sanitised, and drops the school's cached replies. */
export async function saveHomeSetting(
  ctx: AppContext,
  schoolId: string,
  setting: HomeSetting,
): Promise<{ setting: HomeSetting; updated: string }> {
  const clean: HomeSetting = { ...setting, aboutuscontent: sanitizeRichText(setting.aboutuscontent) };
  const at = ctx.now();
  await repo.saveHomeSetting(ctx.db, schoolId, JSON.stringify(clean), at);
  ctx.catalogueCache.bump(schoolId);
  return { setting: clean, updated: formatDate(at, DATE_FORMAT) };
}
