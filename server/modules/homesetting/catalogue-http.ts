/**
 * HTTP helpers shared by the public catalogue calls of the home setting, columns, articles and tags:
 * which school a call is about, who the viewer is to that school, the cached reply with its ETag,
 * the reply schema for the OpenAPI document, and a 400 naming a field decided by a service.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import type { PermissionGroup } from '../../../shared/constants';
import { ERRORS, ok } from '../../../shared/envelope';
import type { Viewer } from '../../../shared/rules/course-buttons';
import type { AppContext, Auth } from '../../context';
import { badInput, notFound } from '../../lib/errors';
import { findAdmin, studentGroupIds } from '../auth/accounts.repository';
import { adminPermissions } from '../admins/admins.service';
import type { School } from '../schools/schools.repository';
import { findSchool, resolveSchool } from '../schools/schools.service';

/** The {status:'ok', error:null, data} reply of a call, for the OpenAPI document and reply checks. */
export const okReply = <T extends z.ZodType>(data: T) => z.object({ status: z.literal('ok'), error: z.null(), data });

/** The school a public call is about: uid (school id or hashUID), else the viewer's school, else the first one; 404 for garbage. */
export function publicSchool(ctx: AppContext, auth: Auth, uid: string | undefined): School {
  const given = uid && uid !== '0' ? uid : undefined;
  const school = given ? resolveSchool(ctx, given) : (auth.schoolId ? findSchool(ctx, auth.schoolId) : undefined) ?? resolveSchool(ctx, null);
  if (!school) throw notFound('school not found');
  return school;
}

/** True when the viewer is an administrator of this school holding the permission (never throws). */
export function isSchoolAdmin(ctx: AppContext, auth: Auth, schoolId: string, permission: PermissionGroup): boolean {
  if (auth.role !== 'admin' || auth.schoolId !== schoolId) return false;
  const admin = findAdmin(ctx.db, auth.userId);
  return !!admin && !admin.disabled && adminPermissions(admin).includes(permission);
}

/** The viewer as the purchase rules see them (shared/rules/course-buttons): null for a guest, sid '0' for an admin. */
export function viewerOf(ctx: AppContext, auth: Auth): Viewer | null {
  if (auth.role === 'guest') return null;
  if (auth.role === 'admin') return { uid: auth.userId, sid: '0', gid: [] };
  return { uid: auth.userId, sid: auth.userId, gid: studentGroupIds(ctx.db, auth.userId) };
}

/** A 400 naming a field, shaped like the schema validator's (for checks a schema cannot make alone). */
export function badField(field: string, message: string) {
  return badInput(`${ERRORS.badInput}: body.${field} ${message}`, { field, issues: [{ field, message }] });
}

/** True when an If-None-Match header holds the ETag (a list, or *). */
function holds(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });
}

/**
 * Answers a school's cached public reply: the envelope JSON text kept by ctx.catalogueCache until the
 * next catalogue write of the school, with its ETag; 304 with no body when If-None-Match holds it.
 */
export function sendCached(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, schoolId: string, key: string, compute: () => unknown) {
  const entry = ctx.catalogueCache.get(schoolId, key, () => ok(compute()));
  reply.header('etag', entry.etag).header('cache-control', 'no-cache');
  if (holds(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(entry.body);
}
