import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { GetObjectCommandOutput } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { loadS3 } from './heavy-modules';

/**
 * The S3-compatible object store of the online release (STORAGE=s3; AWS, Aliyun OSS, Tencent COS, Ceph RGW,
 * MinIO, Garage), through the official AWS SDK v3. Keys are the storage contract's (server/lib/storage.ts:
 * files/userupload/{schoolId}/{guid}.{EXT}). The browser PUTs straight to the store with a signed URL whose
 * content type, content length and ACL are signed (a real store refuses a PUT that differs); the platform
 * then HEADs the object before recording it. Private files are read through short-lived signed GET URLs,
 * public ones at CDN_BASE_URL + key (else the endpoint's own address).
 */

/** Where and how the browser sends the file: a PUT of exactly these headers to the signed URL. */
export interface SignedPut {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  /** When the URL stops being accepted (ms since epoch). */
  expiresAt: number;
}

export interface StoredObject {
  size: number;
  contentType: string;
}

export interface PutRequest {
  contentType: string;
  size: number;
  /** public-read for public files, private otherwise. */
  publicRead: boolean;
}

export interface ObjectStore {
  signPut(key: string, put: PutRequest, now: number): Promise<SignedPut>;
  /** The object's size and type, or null when there is none at that key. */
  head(key: string): Promise<StoredObject | null>;
  /** A short-lived GET URL; with a name, the browser saves the file under it. */
  signGet(key: string, now: number, downloadName?: string): Promise<string>;
  publicUrl(key: string): string;
  /** Removes the object (none at the key is no error). */
  remove(key: string): Promise<void>;
  /** The keys under a prefix last written before `before` (ms since epoch), page by page. */
  listOlderThan(prefix: string, before: number): AsyncGenerator<string[]>;
  /** Every key under a prefix, page by page. */
  list(prefix: string): AsyncGenerator<string[]>;
  /** Removes every object under a prefix (end it with '/'); answers how many went. */
  removePrefix(prefix: string): Promise<number>;
  /** Writes a local file at the key (one PUT of its size; private unless publicRead). */
  putFile(key: string, file: string, options: FilePut, signal?: AbortSignal): Promise<void>;
  /**
   * Streams the object into a local file and answers the bytes written, or null when there is none at the key.
   * A body cut short is an error, never a short file (the file is removed).
   */
  getToFile(key: string, file: string, signal?: AbortSignal): Promise<number | null>;
  /** The bytes of a small object (a playlist), or null when there is none; larger than maxBytes is an error. */
  getSmall(key: string, maxBytes: number): Promise<Buffer | null>;
  /**
   * Sets the object's canned ACL. False when the store does not do ACLs (MinIO, Garage, s3rver answer
   * NotImplemented; AWS buckets with ACLs disabled AccessControlListNotSupported): the bucket's policy decides.
   */
  setAcl(key: string, publicRead: boolean): Promise<boolean>;
}

export interface FilePut {
  contentType: string;
  publicRead?: boolean;
  cacheControl?: string;
}

/** The store could not be reached or refused the platform's own request (a 502, not the client's mistake). */
export class StoreUnavailable extends Error {}

/** Errors by which a store says it keeps no per-object ACLs. */
const NO_ACLS = new Set(['NotImplemented', 'AccessControlListNotSupported']);
const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
/** Removals at once when emptying a prefix (one DELETE each: not every S3-compatible store has DeleteObjects). */
const REMOVE_PARALLEL = 8;

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** Content-Disposition of a download under `name` (RFC 6266: an ASCII fallback and the UTF-8 name). */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The bucket's own address: endpoint/bucket (path style) or bucket.endpoint. */
function bucketUrl(config: Config): string {
  const endpoint = new URL(config.S3_ENDPOINT);
  const path = endpoint.pathname.replace(/\/+$/, '');
  return config.S3_FORCE_PATH_STYLE
    ? `${endpoint.origin}${path}/${config.S3_BUCKET}`
    : `${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}${path}`;
}

/** Origins the pages reach with STORAGE=s3 (the bucket's, the CDN's), for the page's CSP; none otherwise. */
export function storeOrigins(config: Config): string[] {
  if (config.STORAGE !== 's3') return [];
  const origins = [bucketUrl(config), config.CDN_BASE_URL].filter(Boolean).map((url) => new URL(url).origin);
  return [...new Set(origins)];
}

/** The store of the settings (config.STORAGE must be 's3': loadConfig checks the rest is there). */
export async function createObjectStore(config: Config): Promise<ObjectStore> {
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectAclCommand,
    PutObjectCommand,
    S3Client,
    getSignedUrl,
  } = await loadS3();
  const client = new S3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
    // No CRC32 of an empty body in signed PUT URLs (the browser's body would not match it); S3-compatible
    // stores that do not know these checksums refuse them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
  const Bucket = config.S3_BUCKET;
  const ttl = config.S3_URL_TTL;
  const base = config.CDN_BASE_URL || bucketUrl(config);

  const unavailable = (error: unknown): never => {
    throw new StoreUnavailable(`object store: ${(error as Error).message}`, { cause: error });
  };

  /** The objects under a prefix, one listing page at a time. */
  async function* pages(prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await client
        .send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }))
        .catch(unavailable);
      yield page.Contents ?? [];
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function* list(prefix: string) {
    for await (const page of pages(prefix)) yield page.flatMap((o) => (o.Key ? [o.Key] : []));
  }

  async function remove(key: string) {
    try {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      unavailable(error);
    }
  }

  return {
    async signPut(key, put, now) {
      const acl = put.publicRead ? 'public-read' : 'private';
      const command = new PutObjectCommand({
        Bucket,
        Key: key,
        ContentType: put.contentType,
        ContentLength: put.size,
        ACL: acl,
      });
      const url = await getSignedUrl(client, command, {
        expiresIn: ttl,
        signingDate: new Date(now),
        signableHeaders: new Set(['content-type', 'content-length']),
        unhoistableHeaders: new Set(['x-amz-acl']),
      });
      // The browser sets Content-Length itself (the file's size, signed above).
      return {
        url,
        method: 'PUT',
        headers: { 'content-type': put.contentType, 'x-amz-acl': acl },
        expiresAt: now + ttl * 1000,
      };
    },
    async head(key) {
      try {
        const found = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: found.ContentLength ?? 0, contentType: found.ContentType ?? '' };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        return unavailable(error);
      }
    },
    signGet(key, now, downloadName) {
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: downloadName ? attachmentHeader(downloadName) : undefined,
      });
      return getSignedUrl(client, command, { expiresIn: ttl, signingDate: new Date(now) });
    },
    publicUrl(key) {
      return `${base}/${encodeKey(key)}`;
    },
    remove,
    async *listOlderThan(prefix, before) {
      for await (const page of pages(prefix)) {
        const old = page.filter((o) => o.Key && (o.LastModified?.getTime() ?? before) < before);
        yield old.map((o) => o.Key!);
      }
    },
    list,
    async removePrefix(prefix) {
      let removed = 0;
      for await (const keys of list(prefix)) {
        for (let at = 0; at < keys.length; at += REMOVE_PARALLEL)
          await Promise.all(keys.slice(at, at + REMOVE_PARALLEL).map(remove));
        removed += keys.length;
      }
      return removed;
    },
    async putFile(key, file, put, signal) {
      const { size } = await fsp.stat(file);
      const command = new PutObjectCommand({
        Bucket,
        Key: key,
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: put.contentType,
        CacheControl: put.cacheControl,
        ACL: put.publicRead ? 'public-read' : 'private',
      });
      await client.send(command, { abortSignal: signal }).catch(unavailable);
    },
    async getToFile(key, file, signal) {
      let found: GetObjectCommandOutput;
      try {
        found = await client.send(new GetObjectCommand({ Bucket, Key: key }), { abortSignal: signal });
      } catch (error) {
        if (statusOf(error) === 404) return null;
        return unavailable(error);
      }
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      try {
        await pipeline(found.Body as Readable, counter, fs.createWriteStream(file), { signal });
        if (found.ContentLength !== undefined && size !== found.ContentLength)
          throw new Error(`got ${size} of ${found.ContentLength} bytes`);
      } catch (error) {
        await fsp.rm(file, { force: true });
        if (signal?.aborted) throw error;
        return unavailable(error);
      }
      return size;
    },
    async getSmall(key, maxBytes) {
      try {
        const found = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if ((found.ContentLength ?? 0) > maxBytes) throw new Error(`${key} is larger than ${maxBytes} bytes`);
        return Buffer.from(await found.Body!.transformToByteArray());
      } catch (error) {
        if (statusOf(error) === 404) return null;
        return unavailable(error);
      }
    },
    async setAcl(key, publicRead) {
      try {
        await client.send(new PutObjectAclCommand({ Bucket, Key: key, ACL: publicRead ? 'public-read' : 'private' }));
        return true;
      } catch (error) {
        if (NO_ACLS.has((error as Error).name) || statusOf(error) === 501) return false;
        return unavailable(error);
      }
    },
  };
}

const stores = new WeakMap<Config, Promise<ObjectStore>>();

/** The one store client of these settings (made at first use, when the SDK is loaded). */
export function objectStoreOf(config: Config): Promise<ObjectStore> {
  let store = stores.get(config);
  if (!store) {
    store = createObjectStore(config);
    stores.set(config, store);
  }
  return store;
}
