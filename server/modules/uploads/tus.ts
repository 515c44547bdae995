import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import stream from 'node:stream';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Server, EVENTS } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { ok } from '../../../shared/envelope';
import { uploadCalls } from '../../../shared/calls/uploads';
import * as s from '../../../shared/schemas/uploads';
import type { AppContext } from '../../context';
import { route } from '../../plugins/calls';
import { AppError, notFound } from '../../lib/errors';
import { createUploadStream, isDiskFull, removeQuietly, TMP_TUS_DIR } from '../../lib/storage';
import { pipeline } from 'node:stream/promises';
import * as service from './uploads.service';
import { releaseTusUploads, reserveUpload, tidyLedger, tusReservation } from './upload-quota';

/**
 * Resumable uploads (large files: an upload can be suspended and continued, spec 4 'Upload') through
 * the tus 1.0.0 protocol at {prefix}lan/tus/, with @tus/server and a file store under tmp/tus.
 * - Every request needs a signed-in admin or student; an upload belongs to its creator (others get 404).
 * - Upload-Metadata filename (and filetype) are checked at creation like a multipart upload (400/415); the size
 *   limit is enforced on Upload-Length at creation and on the bytes while receiving (413).
 * - When the last byte arrives the file moves to files/userupload/{schoolId}/{guid}.{EXT}, its files row is
 *   inserted and the final PATCH answers Lanxue-File-Id and Lanxue-File-Key; GET lan/upload/result/{uploadId}
 *   answers the same zUploadedFile as the multipart upload.
 * - An upload counts against the daily upload limits (upload-quota.ts) from its creation, at its Upload-Length:
 *   creation over a limit is refused with 429 and nothing is stored; a terminated or abandoned one stops counting.
 * - Uploads untouched for a day are removed at start and daily.
 */

const ABANDONED_AFTER_MS = 24 * 3600 * 1000;
const OWNER_KEY = 'lanxue_owner';

/** The owner of each request handed to tus, by its raw request (set before the hand-off, never from the client). */
const owners = new WeakMap<IncomingMessage, service.FileOwner>();

type TusRequest = { runtime?: { node?: { req: IncomingMessage } }; method: string };
const ownerOfTus = (req: TusRequest): service.FileOwner | undefined => {
  const raw = req.runtime?.node?.req;
  return raw ? owners.get(raw) : undefined;
};
const ownerText = (owner: service.FileOwner) => `${owner.schoolId}|${owner.uploadedBy}`;
const tusError = (status_code: number, body: string) => ({ status_code, body });

/**
 * The file store with its writes going through server/lib/storage (one seam for tests) and a full disk
 * reported as 507 'disk full' instead of a generic 500. The bytes received before the failure stay: the
 * client may continue once there is room, or the upload is removed with the abandoned ones after a day.
 */
class LanFileStore extends FileStore {
  override async write(readable: IncomingMessage | stream.Readable, fileId: string, offset: number): Promise<number> {
    const file = path.join(this.directory, fileId);
    let received = 0;
    const counter = new stream.Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(readable, counter, createUploadStream(file, { start: offset }));
    } catch (error) {
      if (isDiskFull(error)) throw tusError(507, s.UPLOAD_ERRORS.diskFull);
      throw tusError(500, 'Something went wrong receiving the file\n');
    }
    return offset + received;
  }
}

/** The file recording a finished upload's stored file, for GET lan/upload/result/{uploadId}. */
const resultFile = (dir: string, uploadId: string) => path.join(dir, `${uploadId}.done`);

/** Removes uploads (data, .json info, .done result) whose newest file is older than a day; answers their ids. */
export async function cleanAbandonedTusUploads(dir: string, nowMs: number): Promise<string[]> {
  const entries = await fsp.readdir(dir).catch(() => [] as string[]);
  const newest = new Map<string, number>();
  for (const name of entries) {
    const id = name.replace(/\.(json|done)$/, '');
    const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
    if (stat) newest.set(id, Math.max(newest.get(id) ?? 0, stat.mtimeMs));
  }
  const removed: string[] = [];
  for (const [id, mtime] of newest) {
    if (nowMs - mtime <= ABANDONED_AFTER_MS) continue;
    for (const name of [id, `${id}.json`, `${id}.done`]) await removeQuietly(path.join(dir, name));
    removed.push(id);
  }
  return removed;
}

function makeTusServer(ctx: AppContext, dir: string, tusPath: string) {
  const datastore = new LanFileStore({ directory: dir });
  const server = new Server({
    path: tusPath,
    datastore,
    relativeLocation: true,
    respectForwardedHeaders: ctx.config.TRUST_PROXY,
    maxSize: ctx.config.UPLOAD_MAX_BYTES,
    exposedHeaders: [s.TUS_FILE_ID_HEADER, s.TUS_FILE_KEY_HEADER],
    namingFunction: () => ctx.ids.next(),
    async onIncomingRequest(req, uploadId) {
      const owner = ownerOfTus(req as TusRequest);
      if (!owner) throw tusError(401, 'no login');
      if ((req as TusRequest).method === 'POST') return; // creation: the upload does not exist yet
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (!upload || upload.metadata?.[OWNER_KEY] !== ownerText(owner)) throw tusError(404, 'not found');
    },
    async onUploadCreate(req, upload) {
      const owner = ownerOfTus(req as TusRequest);
      if (!owner) throw tusError(401, 'no login');
      if (upload.sizeIsDeferred) throw tusError(400, 'Upload-Length is required');
      const name = upload.metadata?.[s.TUS_METADATA.filename] ?? '';
      const mime = upload.metadata?.[s.TUS_METADATA.filetype] ?? '';
      try {
        service.checkUpload(ctx, name, mime || 'application/octet-stream');
        // Counted from now at its announced size, so unfinished uploads take their room (429 when none is left).
        await reserveUpload(ctx, owner, upload.size ?? 0, upload.id);
      } catch (error) {
        const appError = error as AppError;
        throw tusError(appError.statusCode ?? 400, appError.error ?? s.UPLOAD_ERRORS.badName);
      }
      return { metadata: { ...upload.metadata, [OWNER_KEY]: ownerText(owner) } };
    },
    async onUploadFinish(req, upload) {
      const owner = ownerOfTus(req as TusRequest);
      if (!owner) throw tusError(401, 'no login');
      const name = upload.metadata?.[s.TUS_METADATA.filename] ?? '';
      const mime = (upload.metadata?.[s.TUS_METADATA.filetype] || 'application/octet-stream').slice(0, 200);
      const { ext } = service.checkUpload(ctx, name, mime);
      const tmpFile = path.join(dir, upload.id);
      try {
        const reservation = await tusReservation(ctx, upload.id);
        const received = { tmpFile, name, ext, mime, size: upload.offset, reservation };
        const file = await service.storeReceived(ctx, received, owner, 'public');
        await fsp.writeFile(resultFile(dir, upload.id), JSON.stringify({ fileId: file.id, owner: ownerText(owner) }));
        await removeQuietly(path.join(dir, `${upload.id}.json`));
        return { headers: { [s.TUS_FILE_ID_HEADER]: file.id, [s.TUS_FILE_KEY_HEADER]: file.key } };
      } catch (error) {
        ctx.log.error({ err: error, uploadId: upload.id }, 'tus upload could not be stored');
        const mapped = service.storageError(error);
        if (mapped instanceof AppError) throw tusError(mapped.statusCode, mapped.error);
        throw tusError(500, 'server error');
      }
    },
    onResponseError(_req, error) {
      if (error instanceof Error) ctx.log.error({ err: error }, 'tus request failed');
      return undefined;
    },
  });
  server.on(EVENTS.POST_TERMINATE, (_req, _res, id: string) => {
    void releaseTusUploads(ctx, [id]).catch((error) => ctx.log.warn({ err: error }, 'releasing an upload failed'));
  });
  return server;
}

/** The tus endpoint and the result call; the parent plugin registers it under the API prefix. */
export const tusRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const dir = path.join(ctx.config.dataDir, TMP_TUS_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const tusPath = `${ctx.config.API_PREFIX}${s.TUS_PATH}`.replace(/\/$/, '');
  // Made on first use: the file store creates its folder asynchronously when constructed.
  let tus: Server | null = null;

  // tus bodies are the raw bytes: leave the stream to @tus/server.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    if (request.method !== 'OPTIONS') owners.set(request.raw, service.ownerOf(request.auth));
    reply.hijack();
    tus ??= makeTusServer(ctx, dir, tusPath);
    await tus.handle(request.raw, reply.raw);
  };
  const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
  app.route({ method: [...methods], url: `/${s.TUS_PATH}`, schema: { hide: true }, handler: handle });
  app.route({ method: [...methods], url: `/${s.TUS_PATH}:uploadId`, schema: { hide: true }, handler: handle });

  route(app, uploadCalls.result, async (request, _reply, caller) => {
    const owner = service.ownerOf(caller);
    const text = await fsp.readFile(resultFile(dir, request.params.uploadId), 'utf8').catch(() => null);
    const result = text ? (JSON.parse(text) as { fileId: string; owner: string }) : null;
    if (!result || result.owner !== ownerText(owner)) throw notFound();
    const file = await service.findFile(ctx, result.fileId);
    if (!file) throw notFound();
    return ok(service.uploadedFileReply(file));
  });

  const clean = (atStart: boolean) =>
    cleanAbandonedTusUploads(dir, Date.now())
      .then(async (removed) => {
        await releaseTusUploads(ctx, removed);
        const exists = (tusId: string) =>
          fs.existsSync(path.join(dir, tusId)) || fs.existsSync(path.join(dir, `${tusId}.json`));
        await tidyLedger(ctx, exists, atStart);
      })
      .catch((error) => ctx.log.warn({ err: error }, 'cleaning abandoned uploads failed'));
  app.addHook('onReady', async () => {
    void clean(true);
  });
  const timer = setInterval(() => void clean(false), 24 * 3600 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
