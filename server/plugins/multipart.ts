import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import multipart, { type Multipart } from '@fastify/multipart';
import { UPLOAD_ERRORS, UPLOAD_FILE_FIELD } from '../../shared/schemas/uploads';
import { AppError, badInput } from '../lib/errors';

/**
 * Multipart parsing, one plugin for every call that takes a form with a file (uploads, the resource library,
 * the avatar, signatures, student and question imports). Registered once in app.ts, which decorates:
 * - `app.multipartParsing`: a route plugin registers it (`await app.register(app.multipartParsing)`) so that
 *   its calls accept multipart/form-data. It stays scoped to those plugins: @fastify/multipart adds a hook to
 *   every request of the scope it is registered in, and the hot calls (heartbeat, pages) take no forms.
 * - `request.readForm(options, onPart)`: every part in order, streamed, never buffered here.
 * - `request.readFormFile(options)`: the one file part of a small upload, in memory.
 * A client's mistake is a 4xx with a plain error (no multipart type, no boundary, a body cut short, too many
 * parts, a file past its limit), never a 500; errors that are not the form's (a full disk) pass unchanged.
 */

export const MULTIPART_ERRORS = {
  expected: 'bad input: multipart/form-data expected',
  boundary: 'bad input: multipart boundary missing or invalid',
  cutShort: 'bad input: multipart body cut short',
  tooManyParts: `${UPLOAD_ERRORS.noFile}: too many form fields`,
  badFieldName: 'bad input: bad form field name',
} as const;

export interface FormLimits {
  fileSize: number;
  files?: number;
  fields?: number;
  fieldSize?: number;
  parts?: number;
}

export interface FormOptions {
  limits: FormLimits;
  /** Refused with 413 before reading when Content-Length says more than this (the file plus the framing). */
  maxBodyBytes?: number;
}

export interface FormFileOptions {
  maxBytes: number;
  /** 415 'file type not allowed' when this refuses the part's file name. */
  acceptsName?: (name: string) => boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    multipartParsing: FastifyPluginAsync;
  }
  interface FastifyRequest {
    readForm(options: FormOptions, onPart: (part: Multipart) => Promise<void> | void): Promise<void>;
    readFormFile(options: FormFileOptions): Promise<{ bytes: Buffer; filename: string }>;
  }
}

/** Framing allowed beyond a small file when refusing early by Content-Length. */
const SMALL_FORM_OVERHEAD = 64 * 1024;
/** RFC 2046: a boundary is 1 to 70 characters. */
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;

export const fileTooLarge = () => new AppError(413, UPLOAD_ERRORS.tooLarge);

/** What a multipart failure means for the client, or the error itself when it is not the form's. */
export function formError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  const message = (error as Error | null)?.message ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') return fileTooLarge();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badInput(MULTIPART_ERRORS.tooManyParts);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badInput(MULTIPART_ERRORS.expected);
  if (code === 'FST_PROTO_VIOLATION') return badInput(MULTIPART_ERRORS.badFieldName);
  // The parser's own words (@fastify/busboy): a missing or oversized boundary, then a body that ends early.
  if (/boundary not found|boundary required|needle cannot/i.test(message)) return badInput(MULTIPART_ERRORS.boundary);
  if (/unexpected end of (multipart data|form)/i.test(message)) return badInput(MULTIPART_ERRORS.cutShort);
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET') {
    return new AppError(400, UPLOAD_ERRORS.aborted);
  }
  return error;
}

/** The checks before any byte is parsed: a multipart type with a usable boundary, a declared size within bounds. */
function checkForm(request: FastifyRequest, maxBodyBytes?: number): void {
  if (typeof request.isMultipart !== 'function') throw new Error('register app.multipartParsing in this route plugin');
  if (!request.isMultipart()) throw badInput(MULTIPART_ERRORS.expected);
  if (!BOUNDARY.test(String(request.headers['content-type'] ?? ''))) throw badInput(MULTIPART_ERRORS.boundary);
  const declared = Number(request.headers['content-length']);
  if (maxBodyBytes !== undefined && Number.isFinite(declared) && declared > maxBodyBytes) throw fileTooLarge();
}

async function readForm(this: FastifyRequest, options: FormOptions, onPart: (part: Multipart) => Promise<void> | void) {
  checkForm(this, options.maxBodyBytes);
  const limits = { files: 1, fields: 20, fieldSize: 16 * 1024, parts: 30, ...options.limits };
  try {
    for await (const part of this.parts({ limits })) await onPart(part);
  } catch (error) {
    throw formError(error);
  }
}

async function readFormFile(this: FastifyRequest, options: FormFileOptions) {
  const { maxBytes, acceptsName = () => true } = options;
  const found: { file?: { bytes: Buffer; filename: string } } = {};
  const limits = { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 };
  await this.readForm({ limits, maxBodyBytes: maxBytes + SMALL_FORM_OVERHEAD }, async (part) => {
    if (part.type === 'field') return;
    if (found.file || (part.fieldname !== UPLOAD_FILE_FIELD && part.fieldname !== 'file')) {
      part.file.resume();
      return;
    }
    const filename = part.filename ?? '';
    if (!acceptsName(filename)) {
      part.file.resume();
      throw new AppError(415, UPLOAD_ERRORS.typeNotAllowed);
    }
    const bytes = await part.toBuffer();
    if (part.file.truncated || bytes.length > maxBytes) throw fileTooLarge();
    found.file = { bytes, filename };
  });
  if (!found.file) throw badInput(UPLOAD_ERRORS.noFile);
  return found.file;
}

/** What a route plugin registers to take forms; the parser and its hooks stay inside that plugin. */
const multipartParsing = fp(
  async (app) => {
    if (app.hasRequestDecorator('parts')) return;
    await app.register(multipart, { limits: { files: 1, fields: 20, fieldSize: 16 * 1024, parts: 30 } });
    // A refused upload (413, 415, 429, 507...) is answered before its body is read. Node dumps an unread body
    // only when nothing consumed it; the parser did, so discard the rest here, or the kept-alive connection
    // would stall with the client still sending.
    app.addHook('onResponse', async (request) => {
      if (!request.raw.complete && !request.raw.destroyed) {
        request.raw.unpipe();
        request.raw.resume();
      }
    });
  },
  { name: 'lanxue-multipart-parsing', encapsulate: false },
);

export const multipartPlugin = fp(
  async (app) => {
    app.decorate('multipartParsing', multipartParsing);
    app.decorateRequest('readForm', readForm);
    app.decorateRequest('readFormFile', readFormFile);
  },
  { name: 'lanxue-multipart' },
);
