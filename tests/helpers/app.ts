import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/lib/passwords';
import { insertAdmin, insertGroup, insertStudent } from '../../server/modules/auth/accounts.repository';
import { firstSchool } from '../../server/modules/schools/schools.repository';
import { stopMediaQueue } from '../../server/modules/media/media.service';
import { mapAsync } from '../../server/lib/sequential';
import { onPostgres } from '../../server/db/engine';
import { freshPgDatabase, pgDatabaseFor } from './pg-test';

export const ADMIN = { username: 'admin', password: 'admin-pass-1' };

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

/** The real app on a fresh in-memory database, with a known main admin. */
export async function makeApp(
  overrides: Record<string, unknown> = {},
  options: Parameters<typeof buildApp>[1] & {
    setup?: (app: TestApp) => void | Promise<void>;
    /** PostgreSQL: keep the app's database after it closes (a test reads what the close wrote). */
    keepDatabase?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-test-'));
  // On PostgreSQL (the http-pg project) each app has a database of its own, copied from a migrated template;
  // a test that names a SQLite file gets the database that stands for it, kept for the next app on "the file".
  const file = overrides.DATABASE_FILE;
  const named = onPostgres() && typeof file === 'string' && file !== ':memory:';
  const database = onPostgres() && !named ? await freshPgDatabase() : null;
  const url = named ? await pgDatabaseFor(file) : database?.url;
  const config = loadConfig(
    {},
    {
      DATABASE_FILE: ':memory:',
      ...(url ? { DATABASE_URL: url } : {}),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: 'test-secret-0123456789abcdef',
      DEMO_DATA: false,
      // The demo's media convert in the background (ffmpeg, LibreOffice): only the tests of them ask for it.
      DEMO_MEDIA: false,
      ...overrides,
    },
  );
  const app = await buildApp(config, { logger: process.env.TEST_LOG ? { level: 'error' } : false, ...options });
  app.addHook('onClose', async () => {
    // onClose hooks run last-added first: stop the conversions (LibreOffice writes its profile into the data
    // folder) before removing the folder, or a close during a conversion fails with ENOTEMPTY.
    await stopMediaQueue(app.ctx);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  if (database && !options.keepDatabase) {
    // Dropped once the app has closed (its own onClose hooks still write: the records' last changes).
    const close = app.close.bind(app);
    app.close = (async () => {
      await close();
      await database.drop();
    }) as typeof app.close;
  }
  await options.setup?.(app);
  await app.ready();
  return app;
}

export async function school(app: TestApp) {
  const found = await firstSchool(app.ctx.db);
  if (!found) throw new Error('no school');
  return { ...found, hashUID: app.ctx.uidCodec.encode(found.id) };
}

/** Factory: a student of the first school (or the given one) with a password and optional groups. */
export async function buildStudent(
  app: TestApp,
  overrides: { username?: string; password?: string; name?: string; schoolId?: string; groups?: string[] } = {},
) {
  const id = app.ctx.ids.next();
  const username = overrides.username ?? `student${id.slice(-6)}`;
  const password = overrides.password ?? 'student-pass-1';
  const schoolId = overrides.schoolId ?? (await school(app)).id;
  const groupIds = await mapAsync(overrides.groups ?? [], async (name) => {
    const groupId = app.ctx.ids.next();
    await insertGroup(app.ctx.db, { id: groupId, schoolId, parentId: null, name, position: 0, createdAt: Date.now() });
    return groupId;
  });
  await insertStudent(
    app.ctx.db,
    {
      id,
      schoolId,
      username,
      passwordHash: await hashPassword(password),
      name: overrides.name ?? username,
      createdAt: Date.now(),
    },
    groupIds,
  );
  return { id, username, password, schoolId, groupIds };
}

/** Factory: a sub-admin of the first school holding the given permission groups. */
export async function buildSubAdmin(
  app: TestApp,
  permissions: string[],
  overrides: { username?: string; password?: string } = {},
) {
  const id = app.ctx.ids.next();
  const main = await school(app);
  const username = overrides.username ?? `sub${id.slice(-6)}`;
  const password = overrides.password ?? 'sub-pass-1';
  await insertAdmin(app.ctx.db, {
    id,
    schoolId: main.id,
    parentId: main.id,
    username,
    passwordHash: await hashPassword(password),
    name: username,
    permissions: JSON.stringify(permissions),
    createdAt: Date.now(),
  });
  return { id, username, password };
}

/** Logs in through POST do/login and returns the y_main cookie header to send next. */
export async function login(
  app: TestApp,
  input: { username: string; password: string; role?: 'student' | 'admin'; school?: string },
  ip = '127.0.0.1',
) {
  const res = await app.inject({ method: 'POST', url: '/do/login', payload: input, remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'y_main');
  if (!cookie) throw new Error('no y_main cookie');
  return { cookie: `y_main=${cookie.value}`, body: res.json() };
}
