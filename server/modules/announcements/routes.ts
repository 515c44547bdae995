import type { FastifyPluginAsync } from 'fastify';
import { announcementCalls as calls } from '../../../shared/calls/announcements';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as announcements from './announcements.service';

/** Announcements: the back office's update/announcement/* and the student's systemAnnouncement/* (shared/calls). */
export const announcementsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, calls.list, ({ query }, _reply, admin) => ok(announcements.adminList(ctx, admin.schoolId, query)));
  route(app, calls.info, ({ query }, _reply, admin) => ok(announcements.adminInfo(ctx, admin.schoolId, query.id)));
  route(app, calls.groups, (_request, _reply, admin) => ok(announcements.audienceGroups(ctx, admin.schoolId)));
  route(app, calls.create, ({ body }, _reply, admin) => ok(announcements.createAnnouncement(ctx, admin, body)));
  route(app, calls.save, ({ body }, _reply, admin) => ok(announcements.saveAnnouncement(ctx, admin, body)));
  route(app, calls.publish, ({ body }, _reply, admin) =>
    ok(announcements.publishAnnouncement(ctx, admin, body.id, body.publish)),
  );
  route(app, calls.pin, ({ body }, _reply, admin) =>
    ok(announcements.pinAnnouncement(ctx, admin, body.id, body.pinned)),
  );
  route(app, calls.remove, ({ body }, _reply, admin) => ok(announcements.deleteAnnouncement(ctx, admin, body.id)));
  route(app, calls.mine, (_request, _reply, student) => ok(announcements.studentAnnouncements(ctx, student)));
  route(app, calls.viewed, ({ body }, _reply, student) => ok(announcements.markViewed(ctx, student, body.id)));
};
