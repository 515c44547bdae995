import fp from 'fastify-plugin';
import type { RouteOptions } from 'fastify';
import type { Access } from '../../shared/contract';
import { forbidden, noLogin } from '../lib/errors';

/**
 * Who may call a route, checked before its input is read or validated, so that a guest learns nothing of a
 * back-office call's schema from a 400 (and sends no body for nothing). A route says so in config.access
 * (routes registered from a shared declaration, server/plugins/calls.ts, always do); for the others it is
 * read once from the tables below when the route is added. Early and coarse: a guest gets 401 unless the
 * call is public, a student 403 on an administrator's call. The handlers still check everything themselves
 * (requireAdmin with its permission group, requireStudent, the school).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (shared/contract Access); set from the tables below when a route omits it. */
    access?: Access;
  }
}

/** Calls a guest may make (method and path without the API prefix, in Fastify's syntax). */
export const PUBLIC_ROUTES: readonly RegExp[] = [
  /^(GET|POST) \/do\//,
  /^GET \/(health|checkLogin)$/,
  /^POST \/redirect$/,
  /^GET \/course\/(catelist|cates|info\/:id|graphic\/:id|chapter\/:id)$/,
  /^POST \/course\/(bycate|search)$/,
  /^GET \/(watch\/hot\/:id|collect\/status)$/,
  /^GET \/column\/(cates|info\/:id|collect\/status)$/,
  /^POST \/column\/(list|visit)$/,
  /^GET \/article\/(list|info\/:aid)$/,
  /^GET \/(tags\/:uid|userpage\/:uid)$/,
  /^GET \/comment\/(list|reply)$/,
  /^GET \/learn\/ware\/:coid\/:cid$/,
  // A visitor studies free chapters: heartbeats (answered 'free', or 'invalid sid' after a session ended) and views.
  /^POST \/(web\/heartbeat|watch\/add)$/,
  /^(GET|POST) \/ldap\/auth$/,
];

/** Back-office calls whose OpenAPI tag does not say 'back office' (the tag says so for the rest). */
export const BACK_OFFICE_ROUTES: readonly RegExp[] = [
  /^POST \/(getcourselist|course\/(new|save|delete|copy|descr|updateSet|topClass|pub))$/,
  /^POST \/course\/(category|cate\/update|cate\/delete|movebeforedelcate)$/,
  /^GET \/course\/pub$/,
  /^POST \/chapter\/(add|rename|free|update|move|delete|ware)$/,
  /^GET \/chapter\/(wares|ware\/candidates)$/,
  /^(GET|POST) \/setting\/userpage$/,
  /^(GET|POST) \/ldap\/(settings|test|sync|runs)$/,
  /^(GET|POST) \/reg$/,
  /^GET \/lan\/upgrade\/status$/,
];

/** Who may call METHOD path (without the API prefix), from the tables and the route's OpenAPI tags. */
export function accessOf(method: string, path: string, tags: readonly string[] = []): 'public' | 'signedIn' | 'admin' {
  const key = `${method} ${path}`;
  if (PUBLIC_ROUTES.some((pattern) => pattern.test(key))) return 'public';
  const backOffice = tags.some((tag) => tag.includes('back office')) || (tags.length === 1 && tags[0] === 'admins');
  return backOffice || BACK_OFFICE_ROUTES.some((pattern) => pattern.test(key)) ? 'admin' : 'signedIn';
}

/** Routes that validate input: the ones where checking access first changes what a caller learns. */
function takesInput(route: RouteOptions): boolean {
  const schema = route.schema as Record<string, unknown> | undefined;
  return !!schema && ['body', 'querystring', 'params'].some((part) => schema[part] !== undefined);
}

export const accessPlugin = fp(async (app, opts: { apiPrefix: string }) => {
  const prefix = opts.apiPrefix.replace(/\/$/, '');
  app.addHook('onRoute', (route) => {
    if (route.config?.access || !takesInput(route)) return;
    if (prefix && !route.url.startsWith(`${prefix}/`)) return;
    const path = route.url.slice(prefix.length);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const tags = ((route.schema as { tags?: string[] } | undefined)?.tags ?? []) as string[];
    // One route object may serve several methods; the strictest answer among them holds.
    // A HEAD route (Fastify adds one for every GET) answers as its GET does.
    const levels = methods.map((method) => accessOf(method === 'HEAD' ? 'GET' : method, path, tags));
    const access = levels.includes('admin') ? 'admin' : levels.includes('signedIn') ? 'signedIn' : 'public';
    route.config = { ...route.config, access };
  });
  // onRequest (after the session is read): nothing of the body is read for a caller who may not call.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return done();
    const role = request.auth.role;
    if (role === 'guest') return done(noLogin());
    if (role === 'student' && (access === 'admin' || typeof access === 'object')) return done(forbidden());
    done();
  });
});
