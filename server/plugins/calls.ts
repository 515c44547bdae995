/**
 * Registers a route from its shared declaration (shared/contract.ts): the method, path, zod schemas and
 * OpenAPI text come from the declaration, the access is checked before the input is validated, and the
 * handler's input and reply are typed from the same schemas the web client calls through.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Access, CallDef, CallRequestTypes, ReplyIn } from '../../shared/contract';
import type { Ok } from '../../shared/envelope';
import { zOkReply } from '../../shared/schemas/common';
import type { Auth } from '../context';
import { noLogin } from '../lib/errors';
import { requireAdmin, requireStudent } from './auth';

/** The caller as the access allows it: a student, an administrator, anyone signed in, or anyone. */
export type Caller<A extends Access> = A extends 'public'
  ? Auth
  : A extends 'student'
    ? Extract<Auth, { role: 'student' | 'admin' }> & { role: 'student' }
    : A extends 'signedIn'
      ? Extract<Auth, { role: 'student' | 'admin' }>
      : Extract<Auth, { role: 'student' | 'admin' }> & { role: 'admin' };

export type CallRequest<C extends CallDef> = FastifyRequest<CallRequestTypes<C>>;

/** A handler answers the ok envelope of the declared reply, or sends the reply itself (cached bodies, files). */
export type CallHandler<C extends CallDef> = (
  request: CallRequest<C>,
  reply: FastifyReply,
  caller: Caller<C['access']>,
) => Promise<Ok<ReplyIn<C>> | FastifyReply> | Ok<ReplyIn<C>> | FastifyReply;

/**
 * The caller of a request, or the refusal (401 no login, 403 forbidden) the access names. Only an
 * administrator's check reads (its permissions): the others answer at once.
 */
export function checkAccess(request: FastifyRequest, access: Access): Auth | Promise<Auth> {
  if (access === 'public') return request.auth;
  if (access === 'student') return requireStudent(request);
  if (access === 'signedIn') {
    if (request.auth.role === 'guest') throw noLogin();
    return request.auth;
  }
  return requireAdmin(request, access === 'admin' ? undefined : access.admin);
}

/** The route schema of a declaration: only the parts it has (Fastify warns about undefined ones). */
function schemaOf(def: CallDef) {
  const parts = {
    tags: def.tags ? [...def.tags] : undefined,
    summary: def.summary,
    params: def.params,
    querystring: def.query,
    body: def.body,
    consumes: def.multipart ? ['multipart/form-data'] : undefined,
    response: { 200: zOkReply(def.reply) },
  };
  return Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined));
}

/** Registers one declared call on an API instance (its prefix is the API prefix). */
export function route<C extends CallDef>(app: FastifyInstance, def: C, handler: CallHandler<C>): void {
  app.route({
    method: def.method,
    url: `/${def.path}`,
    config: { access: def.access },
    schema: schemaOf(def),
    // Before validation: a guest or a student learns nothing about a back-office call's input.
    // Both are plain functions, not async ones: a hot call saves two promises (Fastify catches a throw and
    // waits for a returned promise all the same).
    preValidation: (request, _reply, done) => {
      let checked: Auth | Promise<Auth>;
      try {
        checked = checkAccess(request, def.access);
      } catch (error) {
        return done(error as Error);
      }
      if (checked instanceof Promise) checked.then(() => done(), done);
      else done();
    },
    handler: (request, reply) => {
      if (def.noStore) reply.header('cache-control', 'private, no-store');
      // request.auth passed the access check above, so it is the caller the access names.
      return handler(request as unknown as CallRequest<C>, reply, request.auth as Caller<C['access']>);
    },
  });
}
