import { and, eq, lt, sql } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { admins, externalIdentities, schools, ssoLogins } from '../../db/schema';
import { jsonKeyText, jsonWithKey } from '../../db/sql-dialect';

/** The only place the OpenID Connect module touches the database. */

export type SsoLogin = typeof ssoLogins.$inferSelect;
export type Identity = typeof externalIdentities.$inferSelect;

/** The settings as kept under schools.settings.oidc: the config and the sealed client secret. */
export interface StoredOidc {
  config: unknown;
  secret: string;
  updatedAt: number;
}

export async function readStored(db: Db, schoolId: string): Promise<StoredOidc | undefined> {
  const row = first(
    await db
      .select({
        value: sql<string | null>`${jsonKeyText(schools.settings, 'oidc')}`,
      })
      .from(schools)
      .where(eq(schools.id, schoolId)),
  );
  if (!row?.value) return undefined;
  try {
    const parsed = JSON.parse(row.value) as StoredOidc;
    return parsed && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Writes schools.settings.oidc in one statement (json_set), leaving the other keys as they are. */
export async function writeStored(db: Db, schoolId: string, value: StoredOidc): Promise<void> {
  await db
    .update(schools)
    .set({ settings: jsonWithKey(schools.settings, 'oidc', JSON.stringify(value)) })
    .where(eq(schools.id, schoolId));
}

export async function insertLogin(db: Db, row: SsoLogin): Promise<void> {
  await db.insert(ssoLogins).values(row);
}

/** Takes a sign-in under way by its state: deleted as it is read, so a callback is honoured once. */
export async function takeLogin(db: Db, state: string): Promise<SsoLogin | undefined> {
  return first(await db.delete(ssoLogins).where(eq(ssoLogins.state, state)).returning());
}

export async function sweepLogins(db: Db, now: number): Promise<void> {
  await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, now));
}

export async function findIdentity(db: Db, schoolId: string, subject: string): Promise<Identity | undefined> {
  return first(
    await db
      .select()
      .from(externalIdentities)
      .where(
        and(
          eq(externalIdentities.schoolId, schoolId),
          eq(externalIdentities.provider, 'oidc'),
          eq(externalIdentities.subject, subject),
        ),
      ),
  );
}

/** Whether an account signs in through the school's provider (for logout). */
export async function hasIdentity(db: Db, role: 'student' | 'admin', userId: string): Promise<boolean> {
  return !!first(
    await db
      .select({ s: externalIdentities.subject })
      .from(externalIdentities)
      .where(
        and(
          eq(externalIdentities.role, role),
          eq(externalIdentities.userId, userId),
          eq(externalIdentities.provider, 'oidc'),
        ),
      ),
  );
}

export async function insertIdentity(db: Db, row: Identity): Promise<void> {
  await db.insert(externalIdentities).values(row);
}

export async function touchIdentity(db: Db, schoolId: string, subject: string, at: number): Promise<void> {
  await db
    .update(externalIdentities)
    .set({ lastLoginAt: at })
    .where(
      and(
        eq(externalIdentities.schoolId, schoolId),
        eq(externalIdentities.provider, 'oidc'),
        eq(externalIdentities.subject, subject),
      ),
    );
}

export async function schoolAdminByUsername(db: Db, schoolId: string, username: string) {
  return first(
    await db
      .select()
      .from(admins)
      .where(and(eq(admins.schoolId, schoolId), eq(admins.username, username))),
  );
}
