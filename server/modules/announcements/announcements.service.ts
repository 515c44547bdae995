/**
 * Announcements (issue 16 'Announcements and system notices'; spec 4 'Announcement: pinned, viewed').
 *
 * Rules chosen here:
 * - the back office needs the permission 'userpage' (as articles: what the school says on its site);
 * - the rich text is sanitised on save as articles' content is (server/lib/sanitize), and again on display;
 * - a draft (publishedAt null) is seen by nobody; publishing shows it inside its window (publishAt, endAt),
 *   unpublishing returns it to draft and keeps its views; publishing is one row's change, whatever the
 *   audience's size (nothing is written per student until they view it);
 * - audience 'groups' names groups of the school (400 otherwise); a member of a sub-group counts;
 * - the viewed count is of the audience as it is now: students (not disabled) of the audience who viewed it;
 * - a student sees (and may mark viewed) only what shared/rules/announcements seesAnnouncement allows: another
 *   school's, a draft, one outside its window or audience is 404 to them.
 */
import {
  announcementState,
  audienceGroupIds,
  compareAnnouncements,
  groupsWithAncestors,
  seesAnnouncement,
} from '../../../shared/rules/announcements';
import {
  ANNOUNCEMENT_ERRORS,
  type AdminAnnouncement,
  type NewAnnouncement,
  type StudentAnnouncement,
  type UpdateAnnouncement,
} from '../../../shared/schemas/announcements';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { studentGroupIds } from '../access/access.repository';
import { listGroups, schoolGroupIds } from '../groups/groups.repository';
import { informStudents } from '../inform/inform.service';
import { schoolHomePath } from '../schools/schools.service';
import * as repo from './announcements.repository';
import { mapAsync } from '../../lib/sequential';

const NOT_FOUND = 'announcement not found';

/** The caller (route()'s admin or student). */
export interface Caller {
  userId: string;
  schoolId: string;
}

async function schoolAnnouncement(ctx: AppContext, schoolId: string, id: string): Promise<repo.AnnouncementWithGroups> {
  const row = await repo.findSchoolAnnouncement(ctx.db, schoolId, id);
  if (!row) throw notFound(NOT_FOUND);
  return { ...row, groupIds: (await repo.groupsOf(ctx.db, [id])).get(id) ?? [] };
}

/** The back office's view of an announcement, with its viewed and audience counts. */
async function present(
  ctx: AppContext,
  row: repo.AnnouncementWithGroups,
  tree: Awaited<ReturnType<typeof listGroups>>,
) {
  const groups = row.audience === 'all' ? null : [...audienceGroupIds(tree, row.groupIds)];
  const counts = await repo.viewCounts(ctx.db, row.schoolId, row.id, groups);
  return {
    id: row.id,
    title: row.title,
    html: row.html,
    audience: row.audience,
    gids: row.groupIds,
    pinned: row.pinned,
    publishAt: row.publishAt,
    endAt: row.endAt,
    publishedAt: row.publishedAt,
    state: announcementState(row, ctx.now()),
    viewed: counts.viewed,
    audienceSize: counts.audience,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  } satisfies AdminAnnouncement;
}

const presentOne = async (ctx: AppContext, schoolId: string, id: string) =>
  await present(ctx, await schoolAnnouncement(ctx, schoolId, id), await listGroups(ctx.db, schoolId));

/** The groups named, each the school's (400 naming the first that is not). */
async function checkedGroups(ctx: AppContext, schoolId: string, gids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(gids)];
  const found = new Set(await schoolGroupIds(ctx.db, schoolId, unique));
  const stranger = unique.find((id) => !found.has(id));
  if (stranger) throw new AppError(400, ANNOUNCEMENT_ERRORS.notGroup, { gid: stranger });
  return unique;
}

/** GET update/announcement/list. */
export async function adminList(ctx: AppContext, schoolId: string, query: { page: number; num: number }) {
  const { rows, total } = await repo.schoolAnnouncements(ctx.db, schoolId, {
    offset: (query.page - 1) * query.num,
    limit: query.num,
  });
  const tree = await listGroups(ctx.db, schoolId);
  return { list: await mapAsync(rows, async (row) => await present(ctx, row, tree)), total };
}

/** GET update/announcement/groups. */
export async function audienceGroups(ctx: AppContext, schoolId: string) {
  return {
    list: (await listGroups(ctx.db, schoolId)).map((g) => ({ id: g.id, name: g.name, parentId: g.parentId })),
  };
}

/** GET update/announcement/info. */
export const adminInfo = async (ctx: AppContext, schoolId: string, id: string) => await presentOne(ctx, schoolId, id);

/** POST update/announcement/add: a draft. */
export async function createAnnouncement(
  ctx: AppContext,
  admin: Caller,
  input: NewAnnouncement,
): Promise<AdminAnnouncement> {
  const gids = input.audience === 'groups' ? await checkedGroups(ctx, admin.schoolId, input.gids) : [];
  const id = ctx.ids.next();
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await repo.insertAnnouncement(tx, {
      id,
      schoolId: admin.schoolId,
      title: input.title,
      html: sanitizeRichText(input.html),
      audience: input.audience,
      pinned: input.pinned,
      publishAt: input.publishAt,
      endAt: input.endAt,
      publishedAt: null,
      authorId: admin.userId,
      createdAt: at,
      updatedAt: at,
    });
    await repo.setGroups(tx, id, gids);
  });
  return await presentOne(ctx, admin.schoolId, id);
}

/** POST update/announcement/save: the fields given; the window checked against the stored other end. */
export async function saveAnnouncement(
  ctx: AppContext,
  admin: Caller,
  input: UpdateAnnouncement,
): Promise<AdminAnnouncement> {
  const row = await schoolAnnouncement(ctx, admin.schoolId, input.id);
  const audience = input.audience ?? row.audience;
  const gids = input.gids ?? row.groupIds;
  if (audience === 'groups' && gids.length === 0) throw new AppError(400, ANNOUNCEMENT_ERRORS.noGroups);
  const checked = audience === 'groups' ? await checkedGroups(ctx, admin.schoolId, gids) : [];
  const publishAt = input.publishAt === undefined ? row.publishAt : input.publishAt;
  const endAt = input.endAt === undefined ? row.endAt : input.endAt;
  if (publishAt !== null && endAt !== null && endAt <= publishAt) throw new AppError(400, ANNOUNCEMENT_ERRORS.window);
  await ctx.db.transaction(async (tx) => {
    await repo.updateAnnouncement(tx, row.id, {
      title: input.title,
      html: input.html === undefined ? undefined : sanitizeRichText(input.html),
      audience,
      pinned: input.pinned,
      publishAt,
      endAt,
      updatedAt: ctx.now(),
    });
    await repo.setGroups(tx, row.id, checked);
  });
  return await presentOne(ctx, admin.schoolId, row.id);
}

/**
 * POST update/announcement/publish: publishing keeps the first publishing time when it is published already.
 * The first publication queues, in the same transaction, the e-mails and SMS the school turned on for
 * 'announcement.published' to its audience (server/modules/inform; delivered by the worker at its own pace).
 * Only the first (chosen here, issue 16): unpublishing and publishing again queues nothing more, so no student is
 * sent the same announcement twice; a student who joined the audience in between (a group grew) is not sent it
 * either, and sees it on the site and in the dashboard like everyone. Remembered in firstPublishedAt, which
 * unpublishing (clearing publishedAt) keeps.
 */
export async function publishAnnouncement(
  ctx: AppContext,
  admin: Caller,
  id: string,
  publish: boolean,
): Promise<AdminAnnouncement> {
  const row = await schoolAnnouncement(ctx, admin.schoolId, id);
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const first = row.firstPublishedAt;
    await repo.updateAnnouncement(tx, id, {
      publishedAt: publish ? (row.publishedAt ?? at) : null,
      firstPublishedAt: first ?? (publish ? at : null),
      updatedAt: at,
    });
    if (!publish || first !== null) return;
    const groups =
      row.audience === 'all' ? null : [...audienceGroupIds(await listGroups(tx, admin.schoolId), row.groupIds)];
    await informStudents(tx, ctx, {
      schoolId: admin.schoolId,
      event: 'announcement.published',
      studentIds: await repo.audienceStudentIds(tx, admin.schoolId, groups),
      params: { title: row.title },
      link: schoolHomePath(ctx, admin.schoolId),
      essential: false,
    });
  });
  return await presentOne(ctx, admin.schoolId, id);
}

/** POST update/announcement/pin. */
export async function pinAnnouncement(
  ctx: AppContext,
  admin: Caller,
  id: string,
  pinned: boolean,
): Promise<AdminAnnouncement> {
  await schoolAnnouncement(ctx, admin.schoolId, id);
  await repo.updateAnnouncement(ctx.db, id, { pinned, updatedAt: ctx.now() });
  return await presentOne(ctx, admin.schoolId, id);
}

/** POST update/announcement/delete: with its groups and views (cascade). */
export async function deleteAnnouncement(ctx: AppContext, admin: Caller, id: string): Promise<{ deleted: number }> {
  await schoolAnnouncement(ctx, admin.schoolId, id);
  return {
    deleted: await repo.deleteAnnouncement(ctx.db, id),
  };
}

/** The school's announcements the student sees now, in the students' order (shared/rules/announcements). */
async function seenNow(ctx: AppContext, student: Caller): Promise<repo.AnnouncementWithGroups[]> {
  const now = ctx.now();
  const published = await repo.publishedAnnouncements(ctx.db, student.schoolId);
  if (published.length === 0) return [];
  const needsGroups = published.some((row) => row.audience === 'groups');
  const counting = needsGroups
    ? groupsWithAncestors(await listGroups(ctx.db, student.schoolId), await studentGroupIds(ctx.db, student.userId))
    : new Set<string>();
  return published.filter((row) => seesAnnouncement(row, counting, now)).sort(compareAnnouncements);
}

/** GET systemAnnouncement/list. */
export async function studentAnnouncements(ctx: AppContext, student: Caller) {
  const rows = await seenNow(ctx, student);
  const viewed = await repo.viewedBy(
    ctx.db,
    student.userId,
    rows.map((row) => row.id),
  );
  const list: StudentAnnouncement[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    html: row.html,
    pinned: row.pinned,
    shownAt: Math.max(row.publishAt ?? 0, row.publishedAt ?? 0),
    viewed: viewed.has(row.id),
  }));
  return { list, unread: list.filter((item) => !item.viewed).length };
}

/** POST systemAnnouncement/viewed: only one the student sees now. */
export async function markViewed(ctx: AppContext, student: Caller, id: string): Promise<{ id: string; viewed: true }> {
  if (!(await seenNow(ctx, student)).some((row) => row.id === id)) throw notFound(NOT_FOUND);
  await repo.insertView(ctx.db, id, student.userId, ctx.now());
  return { id, viewed: true };
}
