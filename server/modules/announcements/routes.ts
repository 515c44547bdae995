import type { FastifyPluginAsync } from 'fastify';
import { announcementCalls as calls } from '../../../shared/calls/announcements';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as announcements from './announcements.service';

/** Announcements: the back office's update/announcement/* and the student's systemAnnouncement/* (shared/calls). */
export const announcementsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, calls.list, async ({ query }, _reply, admin) =>
    ok(await announcements.adminList(ctx, admin.schoolId, query)),
  );
  route(app, calls.info, async ({ query }, _reply, admin) =>
    ok(await announcements.adminInfo(ctx, admin.schoolId, query.id)),
  );
  route(app, calls.groups, async (_request, _reply, admin) =>
    ok(await announcements.audienceGroups(ctx, admin.schoolId)),
  );
  route(app, calls.create, async ({ body }, _reply, admin) =>
    ok(await announcements.createAnnouncement(ctx, admin, body)),
  );
  route(app, calls.save, async ({ body }, _reply, admin) => ok(await announcements.saveAnnouncement(ctx, admin, body)));
  route(app, calls.publish, async ({ body }, _reply, admin) =>
    ok(await announcements.publishAnnouncement(ctx, admin, body.id, body.publish)),
  );
  route(app, calls.pin, async ({ body }, _reply, admin) =>
    ok(await announcements.pinAnnouncement(ctx, admin, body.id, body.pinned)),
  );
  route(app, calls.remove, async ({ body }, _reply, admin) =>
    ok(await announcements.deleteAnnouncement(ctx, admin, body.id)),
  );
  route(app, calls.mine, async (_request, _reply, student) =>
    ok(await announcements.studentAnnouncements(ctx, student)),
  );
  route(app, calls.viewed, async ({ body }, _reply, student) =>
    ok(await announcements.markViewed(ctx, student, body.id)),
  );
};
