import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feedbackCalls as calls } from '../../../shared/calls/feedback';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import * as s from '../../../shared/schemas/feedback';
import { sendFile } from '../../lib/send-file';
import { ensureDataFolders } from '../../lib/storage';
import { requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/calls';
import * as admin from './feedback-admin.service';
import * as grades from './grades.service';
import * as signatures from './signatures.service';

/** E-signatures and ratings (shared/calls/feedback.ts), and the signature images. */
export const feedbackRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const localeOf = (request: FastifyRequest) => pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
  ensureDataFolders(ctx.config.dataDir);
  // The signature upload reads its form in the handler, after route() checked the caller.
  await app.register(app.multipartParsing);

  route(app, calls.uploadSignature, async (request) => ok(await signatures.receiveSignature(ctx, request)));
  route(app, calls.saveSignature, async (request, _reply, caller) =>
    ok(await signatures.saveSignature(ctx, caller, request.body)),
  );
  route(app, calls.checkSignature, async (request, _reply, caller) =>
    ok(await signatures.checkSignature(ctx, caller, request.query.coid)),
  );

  // A file, not the envelope: the student who signed, or an administrator holding 'course' who manages the course.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: ['GET', 'HEAD'],
    url: '/signature/image/:id',
    schema: {
      tags: ['signatures and ratings'],
      summary:
        "A signature image (JPEG), to the student who signed or to an administrator holding 'course' who manages " +
        'the course; 404 to anyone else.',
      params: s.zSignatureImageParams,
    },
    handler: async (request, reply) => {
      if (request.auth.role === 'admin') await requireAdmin(request, 'course');
      const target = await signatures.signatureImage(ctx, request.auth, request.params.id);
      const options = { ...target, accelRedirect: ctx.config.ACCEL_REDIRECT, cacheControl: 'private, max-age=3600' };
      return sendFile(request, reply, options);
    },
  });

  route(app, calls.addGrade, async (request, _reply, caller) =>
    ok(await grades.addGrade(ctx, caller, request.body, localeOf(request))),
  );
  route(app, calls.checkGrade, async (request, _reply, caller) =>
    ok(await grades.checkGrade(ctx, caller, request.query.coid, request.query.cid)),
  );

  // Back office: the course permission is in the declarations; the service checks the course is the admin's.
  route(app, calls.signatures, async (request, _reply, caller) =>
    ok(await admin.adminSignatures(ctx, caller.userId, request.query)),
  );
  route(app, calls.grades, async (request, _reply, caller) =>
    ok(await admin.adminGrades(ctx, caller.userId, request.query)),
  );
  route(app, calls.deleteGrades, async (request, _reply, caller) =>
    ok(await admin.deleteGrades(ctx, caller.userId, request.body.ids)),
  );
};
