/**
 * Announcements and system notices (issue 16; spec 4 'Announcement: pinned, viewed'; spec 7 update/announcement,
 * systemAnnouncement). Times travel as ms since the epoch; null publishAt shows from publishing, null endAt
 * never ends.
 */
import * as z from 'zod';
import { zId, zQueryNum, zQueryPage } from './common';

export const ANNOUNCEMENT_TITLE_MAX = 100;
export const ANNOUNCEMENT_HTML_MAX = 200_000;
/** Most groups one announcement is for. */
export const ANNOUNCEMENT_GROUPS_MAX = 200;
export const ANNOUNCEMENT_PAGE_MAX = 100;
/** A student's notices page (spec 9 message lists: 15). */
export const NOTICE_PAGE_SIZE = 15;

export const ANNOUNCEMENT_ERRORS = {
  noGroups: 'choose at least one group',
  window: 'the end must come after the start',
  notGroup: 'not a group of this school',
} as const;

const zTime = z.number().int().min(0).max(8_640_000_000_000).nullable();
const title = z.string().trim().min(1, 'is required').max(ANNOUNCEMENT_TITLE_MAX);
const fields = {
  title,
  html: z.string().max(ANNOUNCEMENT_HTML_MAX),
  audience: z.enum(['all', 'groups']),
  gids: z.array(zId).max(ANNOUNCEMENT_GROUPS_MAX),
  pinned: z.boolean(),
  publishAt: zTime,
  endAt: zTime,
};

const windowOk = (a: { publishAt?: number | null; endAt?: number | null }) =>
  a.publishAt == null || a.endAt == null || a.endAt > a.publishAt;

/** POST update/announcement/add: a draft. */
export const zNewAnnouncement = z
  .object({
    title,
    html: fields.html.default(''),
    audience: fields.audience.default('all'),
    gids: fields.gids.default([]),
    pinned: fields.pinned.default(false),
    publishAt: fields.publishAt.default(null),
    endAt: fields.endAt.default(null),
  })
  .refine((a) => a.audience === 'all' || a.gids.length > 0, { message: ANNOUNCEMENT_ERRORS.noGroups, path: ['gids'] })
  .refine(windowOk, { message: ANNOUNCEMENT_ERRORS.window, path: ['endAt'] });
export type NewAnnouncement = z.output<typeof zNewAnnouncement>;

/** POST update/announcement/save: the fields given replace the announcement's. */
export const zUpdateAnnouncement = z
  .object({
    id: zId,
    title: title.optional(),
    html: fields.html.optional(),
    audience: fields.audience.optional(),
    gids: fields.gids.optional(),
    pinned: fields.pinned.optional(),
    publishAt: fields.publishAt.optional(),
    endAt: fields.endAt.optional(),
  })
  .refine(windowOk, { message: ANNOUNCEMENT_ERRORS.window, path: ['endAt'] });
export type UpdateAnnouncement = z.output<typeof zUpdateAnnouncement>;

export const zAnnouncementRef = z.object({ id: zId });
export const zPublishAnnouncement = z.object({ id: zId, publish: z.boolean() });
export const zPinAnnouncement = z.object({ id: zId, pinned: z.boolean() });
export const zAnnouncementsDeleted = z.object({ deleted: z.number().int() });

export const zAnnouncementState = z.enum(['draft', 'scheduled', 'showing', 'ended']);

/** An announcement in the back office, with how many of its audience viewed it out of how many. */
export const zAdminAnnouncement = z.object({
  id: zId,
  title: z.string(),
  html: z.string(),
  audience: z.enum(['all', 'groups']),
  gids: z.array(zId),
  pinned: z.boolean(),
  publishAt: z.number().nullable(),
  endAt: z.number().nullable(),
  publishedAt: z.number().nullable(),
  state: zAnnouncementState,
  viewed: z.number().int(),
  audienceSize: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AdminAnnouncement = z.infer<typeof zAdminAnnouncement>;

export const zAnnouncementAdminQuery = z.object({ page: zQueryPage, num: zQueryNum(ANNOUNCEMENT_PAGE_MAX, 20) });
export const zAdminAnnouncementList = z.object({ list: z.array(zAdminAnnouncement), total: z.number().int() });

/** GET update/announcement/groups: the school's groups for the audience picker (a tree by parentId). */
export const zAnnouncementGroups = z.object({
  list: z.array(z.object({ id: zId, name: z.string(), parentId: z.string().nullable() })),
});

/** An announcement the signed-in student sees now. */
export const zStudentAnnouncement = z.object({
  id: zId,
  title: z.string(),
  html: z.string(),
  pinned: z.boolean(),
  /** When it began to show (its window's start, or its publishing). */
  shownAt: z.number(),
  viewed: z.boolean(),
});
export type StudentAnnouncement = z.infer<typeof zStudentAnnouncement>;
export const zStudentAnnouncements = z.object({ list: z.array(zStudentAnnouncement), unread: z.number().int() });
export const zViewed = z.object({ id: zId, viewed: z.literal(true) });

/** A system notice of the signed-in student; the page words it from kind and params (shared/rules/notices). */
export const zNotice = z.object({
  id: zId,
  kind: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  link: z.string(),
  createdAt: z.number(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof zNotice>;
export const zNoticeQuery = z.object({ page: zQueryPage, num: zQueryNum(50, NOTICE_PAGE_SIZE) });
export const zNoticeList = z.object({ list: z.array(zNotice), total: z.number().int(), unread: z.number().int() });
export const zNoticeRef = z.object({ id: zId });
export const zNoticesRead = z.object({ read: z.number().int() });

/** GET notice/unread: what every signed-in page shows in its badges. */
export const zUnreadCounts = z.object({
  notices: z.number().int(),
  announcements: z.number().int(),
  messages: z.number().int(),
});
export type UnreadCounts = z.infer<typeof zUnreadCounts>;
