/**
 * A course's settings JSON as every reader sees it (spec 3 'Course' settings): flags as booleans and the
 * defaults filled in. Shared so that the access policy and the course pages read them the same way.
 */
import { zCourseSettings, type CourseSettings, type CourseSettingsOut } from '../schemas/courses';

/** A flag as the calls send it (true/false or 1/0) as a boolean. */
export const toFlag = (value: boolean | 0 | 1) => value === true || value === 1;

/** Settings with their flags as booleans (what is stored and replied). */
export function normaliseSettings(settings: CourseSettings): CourseSettingsOut {
  return {
    ...settings,
    notAllowSkip: toFlag(settings.notAllowSkip),
    verify: toFlag(settings.verify),
    signature: toFlag(settings.signature),
    switchremind: toFlag(settings.switchremind),
    leaveremind: toFlag(settings.leaveremind),
    expire_limit: toFlag(settings.expire_limit),
    exercOrder: toFlag(settings.exercOrder),
  };
}

/** Reads a course's settings JSON with the defaults filled in; unreadable JSON counts as all defaults. */
export function readSettings(text: string): CourseSettingsOut {
  let raw: unknown = {};
  try {
    raw = JSON.parse(text);
  } catch {
    raw = {};
  }
  const parsed = zCourseSettings.safeParse(raw);
  return normaliseSettings(parsed.success ? parsed.data : zCourseSettings.parse({}));
}
