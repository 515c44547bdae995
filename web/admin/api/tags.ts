import type { z } from 'zod';
import type { zAdminTags } from '../../../shared/schemas/tags';
import { call } from '../../api/client';

export type AdminTags = z.infer<typeof zAdminTags>;
export type AdminTag = AdminTags['tags'][number];

/** SWR key of the school's tags. */
export const TAGS_KEY = 'tag/admin/list';

export const addTag = (name: string) => call<AdminTags & { id: string }>('tag/add', { method: 'POST', body: { name } });
export const renameTag = (tagId: string, name: string) => call<AdminTags>('tag/rename', { method: 'POST', body: { tag_id: tagId, name } });
export const deleteTag = (tagId: string) => call<AdminTags>('tag/delete', { method: 'POST', body: { tag_id: tagId } });
/** POST tag/courses: the tag's whole ordered course list. */
export const setTagCourses = (tagId: string, coids: string[]) => call<AdminTags>('tag/courses', { method: 'POST', body: { tag_id: tagId, coids } });
