import type { FastifyBaseLogger } from 'fastify';
import type SqliteDatabase from 'better-sqlite3';
import type { Config } from './config';
import type { Database } from './db/client';
import type { ChangeFeed } from './db/changes';
import type { Snowflake } from './lib/ids';
import type { IdCodec } from './lib/codec';
import type { SchoolCache } from './lib/school-cache';
import type { MediaSigner } from './lib/media-url';

/** What services need from the running app; built once in buildApp and handed to every module. */
export interface AppContext {
  config: Config;
  db: Database;
  /** The SQLite connection (null on PostgreSQL): what only SQLite has (its backup API, the group commit). */
  sqlite: SqliteDatabase.Database | null;
  /** Row changes of hot tables, for in-memory caches (server/db/changes). */
  changes: ChangeFeed;
  ids: Snowflake;
  /** This process among the app nodes (server/modules/cluster/nodes.ts; a restart is a new node). */
  node: string;
  /** Course ids in URLs. */
  courseCodec: IdCodec;
  /** School (parent) ids in URLs: hashUID. */
  uidCodec: IdCodec;
  /** Rendered public catalogue replies per school; bump(schoolId) on every catalogue write. */
  catalogueCache: SchoolCache;
  /** Signs and verifies the short-lived URLs of resource files (server/lib/media-url). */
  mediaSigner: MediaSigner;
  log: FastifyBaseLogger;
  now: () => number;
  version: string;
}

/** Who is making a request, read from the session cookie once per request. */
export type Auth =
  | { role: 'guest'; schoolId: null; userId: null; tokenHash: string | null }
  | { role: 'student' | 'admin'; schoolId: string; userId: string; tokenHash: string };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** What the start did: a first start on an empty database, with or without the demo school. */
    startup: { firstStart: boolean; demo: boolean };
  }
  interface FastifyRequest {
    auth: Auth;
  }
}
