import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { admins, externalIdentities, schools, ssoLogins } from '../../db/schema';

/** The only place the OpenID Connect module touches the database. */

export type SsoLogin = typeof ssoLogins.$inferSelect;
export type Identity = typeof externalIdentities.$inferSelect;

/** The settings as kept under schools.settings.oidc: the config and the sealed client secret. */
export interface StoredOidc {
  config: unknown;
  secret: string;
  updatedAt: number;
}

export function readStored(db: Db, schoolId: string): StoredOidc | undefined {
  const row = db
    .select({
      value: sql<
        string | null
      >`json_extract(case when json_valid(${schools.settings}) then ${schools.settings} else '{}' end, '$.oidc')`,
    })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .get();
  if (!row?.value) return undefined;
  try {
    const parsed = JSON.parse(row.value) as StoredOidc;
    return parsed && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Writes schools.settings.oidc in one statement (json_set), leaving the other keys as they are. */
export function writeStored(db: Db, schoolId: string, value: StoredOidc): void {
  const settings = sql`case when json_valid(${schools.settings}) and json_type(${schools.settings}) = 'object' then ${schools.settings} else '{}' end`;
  db.update(schools)
    .set({ settings: sql`json_set(${settings}, '$.oidc', json(${JSON.stringify(value)}))` })
    .where(eq(schools.id, schoolId))
    .run();
}

export function insertLogin(db: Db, row: SsoLogin): void {
  db.insert(ssoLogins).values(row).run();
}

/** Takes a sign-in under way by its state: deleted as it is read, so a callback is honoured once. */
export function takeLogin(db: Db, state: string): SsoLogin | undefined {
  return db.delete(ssoLogins).where(eq(ssoLogins.state, state)).returning().get();
}

export function sweepLogins(db: Db, now: number): void {
  db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, now)).run();
}

export function findIdentity(db: Db, schoolId: string, subject: string): Identity | undefined {
  return db
    .select()
    .from(externalIdentities)
    .where(
      and(
        eq(externalIdentities.schoolId, schoolId),
        eq(externalIdentities.provider, 'oidc'),
        eq(externalIdentities.subject, subject),
      ),
    )
    .get();
}

/** Whether an account signs in through the school's provider (for logout). */
export function hasIdentity(db: Db, role: 'student' | 'admin', userId: string): boolean {
  return !!db
    .select({ s: externalIdentities.subject })
    .from(externalIdentities)
    .where(
      and(
        eq(externalIdentities.role, role),
        eq(externalIdentities.userId, userId),
        eq(externalIdentities.provider, 'oidc'),
      ),
    )
    .get();
}

export function insertIdentity(db: Db, row: Identity): void {
  db.insert(externalIdentities).values(row).run();
}

export function touchIdentity(db: Db, schoolId: string, subject: string, at: number): void {
  db.update(externalIdentities)
    .set({ lastLoginAt: at })
    .where(
      and(
        eq(externalIdentities.schoolId, schoolId),
        eq(externalIdentities.provider, 'oidc'),
        eq(externalIdentities.subject, subject),
      ),
    )
    .run();
}

export function schoolAdminByUsername(db: Db, schoolId: string, username: string) {
  return db
    .select()
    .from(admins)
    .where(and(eq(admins.schoolId, schoolId), eq(admins.username, username)))
    .get();
}
