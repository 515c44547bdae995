import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { badInput, forbidden, notFound } from '../../lib/errors';
import * as hooks from './hooks.service';
import { importReplay, recordingInside } from './replay.service';
import { sessionByKey, sessionsOfCourse } from './sessions.repository';

/**
 * The live server's callbacks (nginx-rtmp's on_publish, on_publish_done, on_update, on_record_done, and the
 * HTTP server's auth_request for plain playback addresses; scripts/live-server.mjs writes them). Outside the API
 * prefix, server to server: each carries ?secret=LIVE_SECRET (403 when it does not match or none is set), posts
 * an application/x-www-form-urlencoded body (parsed only here), and is answered 2xx to allow, 403 to refuse.
 */

const zName = z.string().regex(/^[0-9A-Za-z]{1,11}$/);
const zClient = z.string().regex(/^\d{1,20}$/);
const zKey = z.string().min(1).max(200);
const zPublish = z.object({ name: zName, key: zKey, clientid: zClient });
const zDone = z.object({ name: zName, clientid: zClient });
const zUpdate = z.object({ call: z.string().max(40), name: zName, clientid: zClient, key: zKey.optional() });
const zRecord = z.object({ name: zName, key: zKey.optional(), path: z.string().min(1).max(4096) });
const zPlay = z.object({ name: zName });

function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badInput(`bad input: ${issue?.path.join('.') || 'form'} ${issue?.message ?? 'is invalid'}`);
  }
  return result.data;
}

function answer(reply: FastifyReply, result: hooks.HookAnswer) {
  if (result.allowed) return reply.code(200).send({ status: 'ok', error: null, data: null });
  return reply.code(403).send({ status: 'error', error: result.reason, data: null });
}

export const liveHooksRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // Only these routes take forms (this plugin is encapsulated): nginx-rtmp's callbacks are small.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // The secret before anything is read (fail closed: no LIVE_SECRET, no callback accepted).
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/live/hook/')) return;
    if (!hooks.secretMatches(ctx, (request.query as Record<string, unknown>)?.secret)) throw forbidden();
  });

  app.post('/live/hook/publish', async (request, reply) => {
    const result = await hooks.publish(ctx, parsed(zPublish, request.body));
    if (!result.allowed) request.log.info({ reason: result.reason }, 'live publish refused');
    return answer(reply, result);
  });

  app.post('/live/hook/publish_done', async (request) => ({
    status: 'ok',
    error: null,
    data: await hooks.publishDone(ctx, parsed(zDone, request.body)),
  }));

  app.post('/live/hook/update', async (request, reply) =>
    answer(reply, await hooks.update(ctx, parsed(zUpdate, request.body))),
  );

  app.post('/live/hook/record_done', async (request) => {
    const form = parsed(zRecord, request.body);
    const recording = recordingInside(ctx, form.path);
    if (!recording) throw badInput('recording outside the recordings folder');
    const course = await hooks.liveCourseOf(ctx, form.name);
    const byKey = form.key ? await sessionByKey(ctx.db, form.key) : undefined;
    // The key names the session; if it was rotated meanwhile, the course's session live last.
    const session =
      byKey && byKey.courseId === course?.id
        ? byKey
        : course
          ? (await sessionsOfCourse(ctx.db, course.id))
              .filter((s) => s.liveAt !== null)
              .sort((a, b) => (b.endedAt ?? b.updatedAt) - (a.endedAt ?? a.updatedAt))[0]
          : undefined;
    if (!session) throw notFound('no session for this recording');
    return { status: 'ok', error: null, data: await importReplay(ctx, session, recording) };
  });

  app.get('/live/hook/play', async (request, reply) => {
    const { name } = parsed(zPlay, request.query);
    return answer(
      reply,
      (await hooks.openPlay(ctx, name)) ? { allowed: true } : { allowed: false, reason: 'not public' },
    );
  });
};
