import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-protocol server for tests (npm s3rver, filesystem-backed), started by the test itself on a free
 * loopback port with a temporary folder and one bucket; browsers may PUT and GET from any origin (CORS).
 * Note: s3rver checks a signed URL's expiry but not its V4 signature, so a PUT whose headers or size differ
 * from the signed ones is stored: the platform's completion check is what refuses it here.
 */
export interface TestStore {
  endpoint: string;
  bucket: string;
  /** The settings of an app that stores uploads there (VER=online, STORAGE=s3). */
  config: Record<string, unknown>;
  /** True when an object is stored at this key. */
  has: (key: string) => Promise<boolean>;
  /** The keys stored under a prefix (one listing page: up to 1,000). */
  keys: (prefix: string) => Promise<string[]>;
  close: () => Promise<void>;
}

const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>
<AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader>
<ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

export async function startS3(bucket = 'lanxue-test'): Promise<TestStore> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    config: {
      VER: 'online',
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      // s3rver's built-in account.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true,
    },
    has: async (key) => (await fetch(`${endpoint}/${bucket}/${key}`, { method: 'HEAD' })).status === 200,
    keys: async (prefix) => {
      const listing = await (
        await fetch(`${endpoint}/${bucket}?list-type=2&prefix=${encodeURIComponent(prefix)}`)
      ).text();
      return [...listing.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]!).sort();
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
