import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import { hashPassword } from '../../lib/passwords';
import { PERMISSION_GROUPS } from '../../../shared/constants';
import * as schoolsRepo from './schools.repository';
import { insertAdmin } from '../auth/accounts.repository';
import type { School } from './schools.repository';

/**
 * Finds a school from a hashed parent id (hashUID) or a plain parent id; with no code, the
 * installation's first school. Garbage gives undefined (the caller answers 404).
 */
export async function resolveSchool(ctx: AppContext, code: string | undefined | null): Promise<School | undefined> {
  if (!code) return await schoolsRepo.firstSchool(ctx.db);
  const id = ctx.uidCodec.decode(code) ?? (/^\d{1,20}$/.test(code) ? code : null);
  return id ? await schoolsRepo.findSchool(ctx.db, id) : undefined;
}

export async function findSchool(ctx: AppContext, id: string): Promise<School | undefined> {
  return await schoolsRepo.findSchool(ctx.db, id);
}

export function schoolHomePath(ctx: AppContext, schoolId: string): string {
  return `/u/${ctx.uidCodec.encode(schoolId)}`;
}

/** Creates a school and its main admin (same id: the school's parent id is its owner's id). */
export async function createSchool(
  ctx: AppContext,
  input: { name: string; adminUsername: string; adminPassword: string; adminName?: string },
) {
  const id = ctx.ids.next();
  const now = ctx.now();
  const passwordHash = await hashPassword(input.adminPassword);
  await ctx.db.transaction(async (tx) => {
    await schoolsRepo.insertSchool(tx, { id, name: input.name, createdAt: now });
    await insertAdmin(tx, {
      id,
      schoolId: id,
      parentId: null,
      username: input.adminUsername,
      passwordHash,
      name: input.adminName ?? input.adminUsername,
      permissions: JSON.stringify(PERMISSION_GROUPS),
      createdAt: now,
    });
  });
  return { id };
}

/**
 * First start: an empty database gets a school with a main admin. The password comes from
 * ADMIN_PASSWORD, or is generated and returned so the caller prints it once.
 */
export async function ensureFirstSchool(
  ctx: AppContext,
  fallbackPassword?: string,
): Promise<{ created: boolean; generatedPassword?: string; schoolId: string }> {
  const existing = await schoolsRepo.firstSchool(ctx.db);
  if (existing) return { created: false, schoolId: existing.id };
  const given = ctx.config.ADMIN_PASSWORD ?? fallbackPassword;
  const generated = given ? undefined : randomBytes(12).toString('base64url');
  const { id } = await createSchool(ctx, {
    name: ctx.config.SCHOOL_NAME,
    adminUsername: ctx.config.ADMIN_USERNAME,
    adminPassword: given ?? generated!,
  });
  return { created: true, generatedPassword: generated, schoolId: id };
}

/** The secret behind encoded ids: SESSION_SECRET, or one generated once and kept in the database. */
export async function ensureSecret(ctx: Pick<AppContext, 'db' | 'config'>): Promise<string> {
  if (ctx.config.SESSION_SECRET) return ctx.config.SESSION_SECRET;
  const stored = await schoolsRepo.getAppSetting(ctx.db, 'secret');
  if (stored) return stored;
  const secret = randomBytes(32).toString('base64url');
  await schoolsRepo.setAppSetting(ctx.db, 'secret', secret);
  return secret;
}

/** The install id (the licence's machine code derives from it, made at first start): random, made once, kept in app_settings 'install_id'. */
export async function ensureInstallId(ctx: Pick<AppContext, 'db'>): Promise<string> {
  const stored = await schoolsRepo.getAppSetting(ctx.db, 'install_id');
  if (stored) return stored;
  const id = randomBytes(16).toString('hex');
  await schoolsRepo.setAppSetting(ctx.db, 'install_id', id);
  return id;
}
