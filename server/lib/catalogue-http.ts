/**
 * HTTP helpers of the public catalogue reads: cached replies of a school (ctx.catalogueCache) sent with
 * their ETag (gzipped once when the client takes it), or 304 when the client already holds them; and the
 * envelope's reply schema for the OpenAPI document.
 */
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, ok } from '../../shared/envelope';
import type { AppContext } from '../context';
import { badInput, notFound } from './errors';
import { type MaybePromise, thenMaybe } from './sequential';

/** A school's cached envelope text for a key: computed (after checking the school exists) when stale. */
export function cachedReply(ctx: AppContext, schoolId: string, key: string, compute: () => unknown) {
  return ctx.catalogueCache.get(schoolId, key, async () => {
    if (!(await ctx.catalogueCache.schoolExists(schoolId))) throw notFound('school not found');
    return ok(await compute());
  });
}

const parsed = new WeakMap<object, unknown>();

/** A school's cached value (not a reply) read back as an object, parsed once per cache entry. */
export function cachedValue<T>(
  ctx: AppContext,
  schoolId: string,
  key: string,
  compute: () => MaybePromise<T>,
): MaybePromise<T> {
  return thenMaybe(ctx.catalogueCache.get(schoolId, key, compute), (entry) => {
    if (!parsed.has(entry)) parsed.set(entry, JSON.parse(entry.body));
    return parsed.get(entry) as T;
  });
}

/** True when an If-None-Match header holds the ETag (one of a list, weak or strong, or *). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === bare;
  });
}

// The UTF-8 bytes of each cached reply, and their gzip, made once per cache entry: encoding a long text
// with Chinese in it on every send cost a third of the catalogue's time.
const encoded = new WeakMap<object, Buffer>();
const gzipped = new WeakMap<object, Buffer>();
/** Replies shorter than this go uncompressed. */
const GZIP_MIN_BYTES = 1024;

const memo = (map: WeakMap<object, Buffer>, entry: object, make: () => Buffer) => {
  let bytes = map.get(entry);
  if (!bytes) {
    bytes = make();
    map.set(entry, bytes);
  }
  return bytes;
};

/** True when the client takes gzip (Accept-Encoding lists gzip or *, without q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part
      .toLowerCase()
      .split(';')
      .map((piece) => piece.trim());
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.find((param) => param.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** A reply made for one request: the envelope's text. */
export interface ViewerReply {
  etag: string;
  text: string;
}

/**
 * Sends a prepared JSON envelope text with its ETag ('no-cache': clients revalidate every time), or 304
 * with no body when the request's If-None-Match already holds it. Bytes are made once per cache entry and
 * gzipped once for clients that accept it (a 145 KB catalogue page becomes a small fraction of that);
 * a reply made for one viewer (ViewerReply) is sent as it is.
 */
export function sendJsonText(
  request: FastifyRequest,
  reply: FastifyReply,
  pending: MaybePromise<{ etag: string; body: string } | ViewerReply>,
): MaybePromise<FastifyReply> {
  return thenMaybe(pending, (entry) => sendEntry(request, reply, entry));
}

function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: { etag: string; body: string } | ViewerReply) {
  reply.header('etag', entry.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if ('text' in entry) return reply.send(entry.text);
  const bytes = memo(encoded, entry, () => Buffer.from(entry.body));
  if (bytes.length >= GZIP_MIN_BYTES && acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(memo(gzipped, entry, () => gzipSync(bytes)));
  }
  return reply.send(bytes);
}

const heads = new WeakMap<object, { head: string; tag: string }>();
const ENVELOPE_HEAD = '{"status":"ok","error":null,"data":';

/** A viewer's own fields of a reply as JSON text, with its hash for the ETag (made once, kept by callers). */
export interface ViewerPart {
  json: string;
  hash: string;
}

/** The JSON text and hash of a viewer's own fields. */
export function viewerPart(viewer: object): ViewerPart {
  const json = JSON.stringify(viewer);
  return { json, hash: fnv1a(json) };
}

/**
 * An envelope whose data is a cached JSON object joined with a viewer's own fields: the text is the cached
 * part (made once per cache entry) joined with the viewer's few fields, sent as a string (node writes its
 * headers and a string in one go; a fresh buffer for every reply cost more than the whole policy). The ETag
 * joins the cached entry's tag with the hash of the viewer's fields.
 */
export function viewerReply(base: { etag: string; body: string }, viewer: object | ViewerPart): ViewerReply {
  let parts = heads.get(base);
  if (!parts) {
    parts = {
      head: `${ENVELOPE_HEAD}${base.body.slice(0, -1)},`,
      tag: base.etag.replace(/^W\//, '').replaceAll('"', ''),
    };
    heads.set(base, parts);
  }
  const own = isPart(viewer) ? viewer : viewerPart(viewer);
  return { etag: `W/"${parts.tag}.${own.hash}"`, text: `${parts.head}${own.json.slice(1)}}` };
}

const isPart = (value: object): value is ViewerPart =>
  typeof (value as ViewerPart).json === 'string' && typeof (value as ViewerPart).hash === 'string';

/** A short, fast, non-cryptographic hash (FNV-1a, 32 bits) for the per-viewer part of an ETag. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** Answers a school's cached public reply (see cachedReply and sendJsonText). */
export async function sendCached(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  schoolId: string,
  key: string,
  compute: () => unknown,
) {
  return sendJsonText(request, reply, cachedReply(ctx, schoolId, key, compute));
}

/** A 400 naming a field, shaped like the schema validator's (for checks a schema cannot make alone). */
export function badField(field: string, message: string, where: 'body' | 'query' = 'body') {
  return badInput(`${ERRORS.badInput}: ${where}.${field} ${message}`, { field, issues: [{ field, message }] });
}
