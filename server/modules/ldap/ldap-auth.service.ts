/**
 * Directory login (spec 7 'GET/POST ldap/auth'): an LDAP student logs in with the directory password
 * (search the DN with the service account, then bind as the user); the password is never stored. With the
 * directory down, LDAP students get a clear 'directory unreachable' message and local accounts still log in.
 *
 * Used by do/login for a student whose source is 'ldap', and by ldap/auth, which also lets a directory person
 * who is not yet a student in. The throttle, the disabled check and the session stay in auth.service login().
 *
 * Choices where the spec is silent:
 * - A person is looked up by the login attribute within the user filter; none or more than one match counts
 *   as a wrong password (401, the same answer as an unknown user).
 * - First login creates the student (source 'ldap', mapped attributes and groups, seats checked); later
 *   changes in the directory reach the account through ldap/sync.
 * - Any failure of the service account (down, certificate, refused bind) answers 503 'directory unreachable'
 *   to the student; the detail goes to the log for the administrator.
 * - With directory login turned off or not set up, directory accounts cannot sign in: 400 'directory login is
 *   not configured' (nothing is down, so not 503; 503 stays for a directory that cannot be reached).
 * - User names follow the login-name rule (shared/rules/login-name): the typed name and the directory's are
 *   compared in NFC, and a new account gets the NFC form.
 */
import { InvalidCredentialsError, type Client, type Entry } from 'ldapts';
import { sameLoginName } from '../../../shared/rules/login-name';
import { LDAP_ERRORS, type LdapConfig } from '../../../shared/schemas/ldap';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { findStudent } from '../auth/accounts.repository';
import { assertSeats } from '../licence/seats';
import { schoolFields } from '../student-fields/student-fields.service';
import { insertStudents, studentsByUsername, type StudentRow } from '../students/student-writes';
import { classify, close, connect, first, normDN, serviceClient, userLookupFilter } from './ldap-client';
import { groupsOf, mapEntry, wantedAttributes } from './ldap-directory';
import { loadSettings } from './ldap-settings.service';
import * as repo from './ldap.repository';

function unreachable(ctx: AppContext, schoolId: string, error: unknown): AppError {
  const { reason, detail } = classify(error);
  ctx.log.warn({ schoolId, reason, detail }, 'ldap login: directory unavailable');
  return new AppError(503, LDAP_ERRORS.unreachable);
}

function isAccountOf(entry: Entry, config: LdapConfig, account: StudentRow): boolean {
  if (account.externalId && normDN(account.externalId) === normDN(entry.dn)) return true;
  return sameLoginName(first(entry, config.mapping.username || config.loginAttribute), account.username);
}

/**
 * Proves a password against the directory. Returns the student (created on a first login) or null for a wrong
 * user name or password; throws 503 when the directory cannot be reached, 400 when directory login is off.
 */
export async function directoryLogin(
  ctx: AppContext,
  schoolId: string,
  username: string,
  password: string,
  existing: StudentRow | null,
): Promise<StudentRow | null> {
  const settings = await loadSettings(ctx, schoolId);
  if (!settings?.config.enabled || !settings.config.url || !settings.config.baseDN)
    throw new AppError(400, LDAP_ERRORS.notConfigured);
  if (password === '') return null; // an empty password is an anonymous bind: never a login
  const { config, connection } = settings;
  let service: Client | undefined;
  let entry: Entry;
  let groups: string[] = [];
  try {
    service = await serviceClient(connection, ctx.config.LDAP_TIMEOUT_MS);
    const { searchEntries } = await service.search(config.baseDN, {
      scope: 'sub',
      filter: userLookupFilter(config.userFilter, config.loginAttribute, username),
      attributes: wantedAttributes(config),
      sizeLimit: 2,
    });
    if (searchEntries.length !== 1) return null;
    entry = searchEntries[0]!;
    // The entry found by the login attribute must be this account (its DN, or its mapped user name as the sync
    // matches): with a login attribute other than the user name, another person's entry could carry this name.
    if (existing && !isAccountOf(entry, config, existing)) return null;
    if (!existing) groups = await groupsOf(service, config, entry.dn);
  } catch (error) {
    throw unreachable(ctx, schoolId, error);
  } finally {
    if (service) await close(service);
  }

  let user: Client | undefined;
  try {
    user = await connect(connection, ctx.config.LDAP_TIMEOUT_MS);
    await user.bind(entry.dn, password);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return null;
    throw unreachable(ctx, schoolId, error);
  } finally {
    if (user) await close(user);
  }

  if (existing) return existing;
  const errors: { dn: string; reason: string }[] = [];
  const person = mapEntry(
    entry,
    config,
    new Map((await schoolFields(ctx.db, schoolId)).map((f) => [f.sfid, f])),
    errors,
  );
  if (!person) return null;
  // Already a student under the mapped user name or the DN (the login name may be another attribute)?
  const known = (await repo.schoolStudents(ctx.db, schoolId)).find(
    (s) =>
      (s.source === 'ldap' && s.externalId && normDN(s.externalId) === person.ndn) ||
      sameLoginName(s.username, person.username),
  );
  if (known) return known.source === 'ldap' ? ((await findStudent(ctx.db, known.id)) ?? null) : null;
  const id = ctx.ids.next();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await assertSeats(ctx, schoolId, 1, tx);
    await insertStudents(tx, [
      {
        id,
        schoolId,
        username: person.username,
        name: person.name,
        passwordHash: null,
        email: person.email,
        phone: person.phone,
        source: 'ldap',
        externalId: person.dn,
        groupIds: groups,
        fields: person.fields,
        createdAt: now,
      },
    ]);
  });
  return (await studentsByUsername(ctx.db, schoolId, [person.username])).get(person.username) ?? null;
}
