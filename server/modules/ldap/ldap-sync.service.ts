/**
 * ldap/sync (spec 7 'GET ldap/sync'): a paged read of the directory, the
 * difference with the school's directory accounts (create, update, disable, re-enable), and — unless it is a
 * dry run — that difference applied in ONE transaction with the seat check. Every run is recorded.
 *
 * Safer than the anchors: a dry run shows the difference first; more disables than the school's
 * disableCap without confirm=1 holds the run ('held', nothing written); a failed, partial or truncated read
 * (any error, the size limit, the server gone mid-run) changes nothing and records a 'failed' run; a second run
 * at once finds no difference. One run per school at a time (409).
 *
 * Choices where the spec is silent:
 * - A person is matched by DN, then (moved in the directory) by user name among directory accounts. A user
 *   name held by a local account is not taken over: that entry is reported as an error and skipped.
 * - The user name is the login name and is kept once created; the name, email, phone, mapped custom fields and
 *   mapped groups follow the directory (groups that are not mapped stay as an administrator set them).
 * - Only accounts the sync disabled (disabledBy 'ldap') come back when the person is back; an administrator's
 *   disabling stands.
 * - A field value that does not fit its field (fieldProblem) is left out and counted as an error of the run.
 * - ldap/sync answers the recorded run (a failed run is 200 with status 'failed' and its reason), so the back
 *   office shows it like any other; a run that cannot start (not configured, already running) is refused.
 */
import { loginNameKey } from '../../../shared/rules/login-name';
import { LDAP_ERRORS, LDAP_SAMPLE_MAX, type LdapDiff, type LdapSyncResult } from '../../../shared/schemas/ldap';
import type { AppContext } from '../../context';
import { AppError, conflict } from '../../lib/errors';
import { assertSeats } from '../licence/seats';
import { schoolFields } from '../student-fields/student-fields.service';
import {
  disableStudents,
  enableStudents,
  insertStudents,
  replaceGroups,
  setFieldValues,
  updateStudent,
  type NewStudent,
  type StudentPatch,
} from '../students/student-writes';
import { classify, close, normDN, serviceClient } from './ldap-client';
import { readDirectory, type DirectoryPerson } from './ldap-directory';
import { loadSettings, type LoadedSettings } from './ldap-settings.service';
import { presentRun } from './ldap.presenter';
import * as repo from './ldap.repository';
import { nodeId } from '../cluster/nodes';
import { driverError, isUniqueViolation } from '../../db/client';

/** Test seam: runs after each page of the sync's search (the tests stop the directory there). */
export const syncHooks: { afterPage?: (page: number) => Promise<void> | void } = {};

const running = new WeakMap<AppContext, Set<string>>();

function runningSet(ctx: AppContext): Set<string> {
  let set = running.get(ctx);
  if (!set) running.set(ctx, (set = new Set()));
  return set;
}

export function isRunning(ctx: AppContext, schoolId: string): boolean {
  return runningSet(ctx).has(schoolId);
}

interface Update {
  id: string;
  person: DirectoryPerson;
  patch: StudentPatch;
  fields: Record<string, string>;
  groups: string[] | null;
}

interface Plan {
  create: DirectoryPerson[];
  update: Update[];
  disable: { id: string; username: string; name: string; dn: string }[];
  enable: { id: string; person: DirectoryPerson }[];
  errors: { dn: string; reason: string }[];
}

/** The difference between what the directory says and the school's accounts (pure over what was read). */
async function plan(
  ctx: AppContext,
  schoolId: string,
  settings: LoadedSettings,
  people: DirectoryPerson[],
  errors: Plan['errors'],
): Promise<Plan> {
  const { config } = settings;
  const all = await repo.schoolStudents(ctx.db, schoolId);
  const memberships = await repo.directoryMemberships(ctx.db, schoolId);
  const fieldValues = await repo.directoryFieldValues(ctx.db, schoolId);
  const mappedGids = new Set(config.groupMapping.map((g) => g.gid));
  const byDN = new Map(all.filter((s) => s.source === 'ldap' && s.externalId).map((s) => [normDN(s.externalId!), s]));
  // Keyed by the NFC form (the login-name rule): an account stored in another form is still this person's.
  const byName = new Map(all.map((s) => [loginNameKey(s.username), s]));
  const out: Plan = { create: [], update: [], disable: [], enable: [], errors };
  const seen = new Set<string>();

  for (const person of people) {
    const named = byName.get(person.username);
    const existing = byDN.get(person.ndn) ?? (named?.source === 'ldap' && !seen.has(named.id) ? named : undefined);
    if (!existing) {
      if (named) errors.push({ dn: person.dn, reason: `user name ${person.username} belongs to a local account` });
      else out.create.push(person);
      continue;
    }
    if (seen.has(existing.id)) continue;
    seen.add(existing.id);
    const patch: StudentPatch = {};
    if (existing.name !== person.name) patch.name = person.name;
    if (config.mapping.email && existing.email !== person.email) patch.email = person.email;
    if (config.mapping.phone && existing.phone !== person.phone) patch.phone = person.phone;
    if (existing.externalId !== person.dn) patch.externalId = person.dn;
    const current = fieldValues.get(existing.id) ?? new Map<string, string>();
    const fields: Record<string, string> = {};
    for (const sfid of Object.keys(config.mapping.fields)) {
      const want = person.fields[sfid] ?? '';
      if ((current.get(sfid) ?? '') !== want) fields[sfid] = want;
    }
    const had = memberships.get(existing.id) ?? [];
    const hadMapped = had.filter((g) => mappedGids.has(g)).sort();
    const wantMapped = [...new Set(person.groups)].sort();
    const groups =
      hadMapped.join(',') === wantMapped.join(',') ? null : [...had.filter((g) => !mappedGids.has(g)), ...wantMapped];
    if (Object.keys(patch).length > 0 || Object.keys(fields).length > 0 || groups)
      out.update.push({ id: existing.id, person, patch, fields, groups });
    if (existing.disabled && existing.disabledBy === 'ldap') out.enable.push({ id: existing.id, person });
  }
  for (const s of all) {
    if (s.source === 'ldap' && !s.disabled && !seen.has(s.id))
      out.disable.push({ id: s.id, username: s.username, name: s.name, dn: s.externalId ?? '' });
  }
  return out;
}

function diffOf(p: Plan): LdapDiff {
  const sample = (list: { dn: string; username: string; name: string }[]) =>
    list.slice(0, LDAP_SAMPLE_MAX).map(({ dn, username, name }) => ({ dn, username, name }));
  return {
    create: sample(p.create),
    update: sample(p.update.map((u) => u.person)),
    disable: sample(p.disable),
    enable: sample(p.enable.map((e) => e.person)),
    errors: p.errors.slice(0, LDAP_SAMPLE_MAX),
  };
}

/** Writes the plan: one transaction, seats checked for creations and re-enables after the disables. */
async function apply(ctx: AppContext, schoolId: string, p: Plan): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await disableStudents(
      tx,
      p.disable.map((d) => d.id),
      'ldap',
      now,
    );
    await assertSeats(ctx, schoolId, p.create.length + p.enable.length, tx);
    const rows: NewStudent[] = p.create.map((person) => ({
      id: ctx.ids.next(),
      schoolId,
      username: person.username,
      name: person.name,
      passwordHash: null,
      email: person.email,
      phone: person.phone,
      source: 'ldap',
      externalId: person.dn,
      groupIds: person.groups,
      fields: person.fields,
      createdAt: now,
    }));
    await insertStudents(tx, rows);
    for (const u of p.update) {
      await updateStudent(tx, u.id, u.patch, now);
      if (Object.keys(u.fields).length > 0) await setFieldValues(tx, u.id, u.fields);
      if (u.groups) await replaceGroups(tx, u.id, u.groups);
    }
    await enableStudents(
      tx,
      p.enable.map((e) => e.id),
      now,
    );
  });
}

export interface SyncOptions {
  dryRun: boolean;
  confirm: boolean;
  trigger: 'manual' | 'schedule';
}

/** Runs one sync of the school and records it. */
export async function runSync(ctx: AppContext, schoolId: string, options: SyncOptions): Promise<LdapSyncResult> {
  const settings = await loadSettings(ctx, schoolId);
  if (!settings?.config.enabled || !settings.config.url || !settings.config.baseDN)
    throw new AppError(400, LDAP_ERRORS.notConfigured);
  const lock = runningSet(ctx);
  if (lock.has(schoolId)) throw conflict(LDAP_ERRORS.running);
  lock.add(schoolId);
  const id = ctx.ids.next();
  try {
    await repo.insertRun(ctx.db, {
      id,
      schoolId,
      trigger: options.trigger,
      dryRun: options.dryRun,
      status: 'running',
      startedAt: ctx.now(),
      node: nodeId(ctx),
    });
  } catch (error) {
    lock.delete(schoolId);
    // Another node runs the school's sync (ldap_runs_one_running).
    if (isUniqueViolation(driverError(error), 'ldap_runs')) throw conflict(LDAP_ERRORS.running);
    throw error;
  }
  let diff: LdapDiff = { create: [], update: [], disable: [], enable: [], errors: [] };
  try {
    let read;
    const client = await serviceClient(settings.connection, ctx.config.LDAP_TIMEOUT_MS);
    try {
      read = await readDirectory(client, settings.config, await schoolFields(ctx.db, schoolId), (page) =>
        syncHooks.afterPage?.(page),
      );
    } finally {
      await close(client);
    }
    const p = await plan(ctx, schoolId, settings, read.people, read.errors);
    diff = diffOf(p);
    const counts = {
      found: read.people.length,
      created: p.create.length,
      updated: p.update.length,
      disabled: p.disable.length,
      errors: p.errors.length,
    };
    const detail = JSON.stringify({ enabled: p.enable.length, diff });
    let status: 'ok' | 'held' = 'ok';
    let message = options.dryRun ? 'dry run: nothing was changed' : '';
    if (!options.dryRun && p.disable.length > settings.config.disableCap && !options.confirm) {
      status = 'held';
      message = `held: ${p.disable.length} accounts would be disabled, more than the limit of ${settings.config.disableCap}; confirm to apply`;
    } else if (!options.dryRun) {
      await apply(ctx, schoolId, p);
    }
    await repo.finishRun(ctx.db, id, { status, finishedAt: ctx.now(), ...counts, message, detail });
  } catch (error) {
    const { reason, detail } = classify(error);
    ctx.log.warn({ schoolId, reason, detail }, 'ldap sync failed');
    await repo.finishRun(ctx.db, id, {
      status: 'failed',
      finishedAt: ctx.now(),
      found: 0,
      created: 0,
      updated: 0,
      disabled: 0,
      errors: 1,
      message: reason,
      detail: JSON.stringify({ enabled: 0, error: detail }),
    });
  } finally {
    lock.delete(schoolId);
  }
  return { run: presentRun((await repo.findRun(ctx.db, id))!), diff };
}

/** GET ldap/runs: the last runs of the school, newest first. */
export async function listRuns(ctx: AppContext, schoolId: string, limit: number) {
  return { list: (await repo.lastRuns(ctx.db, schoolId, limit)).map(presentRun) };
}
