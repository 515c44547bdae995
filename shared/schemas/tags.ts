import * as z from 'zod';
import { zId } from './common';
import { zCourseCard } from './courses';
import { zSchoolRef } from './home-setting';

/** Tags of a school: named, ordered course sets shown as course sections on the home page (spec 2). */

export const TAG_NAME_MAX = 30;
export const TAG_COURSES_MAX = 200;
/** Courses in a home-page tag section (desktop shows at most 8 a section, spec 9). */
export const TAG_SECTION_COURSES = 8;

const name = z.string().trim().min(1, 'is required').max(TAG_NAME_MAX);

export const zNewTag = z.object({ name });
export const zRenameTag = z.object({ tag_id: zId, name });
export const zDeleteTag = z.object({ tag_id: zId });
/** POST tag/courses: the tag's whole ordered course list (course ids of the same school). */
export const zTagCourses = z.object({
  tag_id: zId,
  coids: z
    .array(zId)
    .max(TAG_COURSES_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a course'),
});

/** A tag in the back office: its ordered course ids, whatever their state. */
export const zAdminTag = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
  coids: z.array(z.string()),
});
export const zAdminTags = z.object({ tags: z.array(zAdminTag) });
export type AdminTags = z.infer<typeof zAdminTags>;
/** POST tag/add: the list with the new tag's id. */
export const zAddedTag = zAdminTags.extend({ id: z.string() });

export const zTagsParams = z.object({ uid: zSchoolRef });
/** GET tags/{uid}: 'Get tags of user' (spec 7): tags with visible courses, each with up to 8 cards. */
export const zTagSection = z.object({ id: z.string(), name: z.string(), courses: z.array(zCourseCard) });
export type TagSection = z.infer<typeof zTagSection>;
export const zTagSections = z.object({ tags: z.array(zTagSection) });
