import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { noteCalls as calls } from '../../../shared/calls/notes';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { zNotesExportQuery } from '../../../shared/schemas/qa';
import { sendAttachment } from '../../lib/send-file';
import { requireStudent } from '../../plugins/auth';
import { route } from '../../plugins/calls';
import { exportNotes } from './notes-export';
import * as service from './notes.service';

/** A student's notes (shared/calls/notes.ts) and their export. */
export const notesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const localeOf = (request: FastifyRequest) => pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);

  route(app, calls.list, async ({ query }, _reply, student) => ok(await service.myNotes(ctx, student, query)));
  route(app, calls.add, async (request, _reply, student) =>
    ok(await service.addNote(ctx, student, request.body, localeOf(request))),
  );
  route(app, calls.edit, async (request, _reply, student) =>
    ok(await service.editNote(ctx, student, request.body, localeOf(request))),
  );
  route(app, calls.remove, async ({ body }, _reply, student) => ok(await service.deleteNote(ctx, student, body.nid)));

  // A file, not a JSON envelope, so not a declared call; the access is checked before anything is read.
  app.get(
    '/notes/export',
    {
      schema: {
        tags: ['notes'],
        summary:
          "The signed-in student's notes (all, or one course's: coid) as a Markdown (format md, grouped by course and " +
          'chapter) or CSV (format csv, UTF-8 with BOM) attachment.',
        querystring: zNotesExportQuery,
      },
      preValidation: async (request) => {
        requireStudent(request);
      },
    },
    async (request, reply) => {
      const student = requireStudent(request);
      const file = await exportNotes(
        ctx,
        student,
        request.query as { format: 'md' | 'csv'; coid?: string },
        localeOf(request),
      );
      reply.header('cache-control', 'private, no-store');
      return reply.send(sendAttachment(reply, file));
    },
  );
};
