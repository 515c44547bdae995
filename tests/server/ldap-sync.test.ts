/**
 * ldap/sync against a real OpenLDAP (tests/helpers/slapd.ts): 2,500 people so the paged search is exercised
 * (the server's size limit is 1000 and the service account is a normal entry), groups and an OU mapped to
 * student groups, a custom field mapped, then people removed, groups changed, the disable cap, the server
 * stopped mid-run, and the scheduler.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LDAP_ERRORS } from '../../shared/schemas/ldap';
import { studentFieldValues, students } from '../../server/db/schema';
import { insertGroup } from '../../server/modules/auth/accounts.repository';
import { syncHooks } from '../../server/modules/ldap/ldap-sync.service';
import { and, eq } from 'drizzle-orm';
import { ADMIN, login, makeApp, school, type TestApp } from '../helpers/app';
import { buildStudentField } from '../helpers/factories';
import { data, envelope, injectAs, waitUntil, type Caller } from '../helpers/kit';
import {
  destroySlapd,
  GROUPS_DN,
  numberedPeople,
  PEOPLE_DN,
  READER_DN,
  READER_PW,
  startSlapd,
  type Person,
  type Slapd,
} from '../helpers/slapd';
import { first } from '../../server/db/client';
import { sqlAll, sqlGet, sqlRun } from '../helpers/sql';

let app: TestApp;
let slapd: Slapd;
let admin: Caller;
const gid = { maths: '', grade1: '', manual: '' };
let sfid = '';

const people: Person[] = numberedPeople(2500).map((p, i) => ({
  ...p,
  ou: i < 100 ? 'grade1' : undefined,
  employeeType: i % 2 ? 'day' : 'boarding',
}));
const dn = (uid: string) => slapd.dnOf(people.find((p) => p.uid === uid)!);

// A real run is POST: GET ldap/sync only reads (dry run).
const sync = async (query: string) =>
  data<{ run: Record<string, unknown>; diff: Record<string, { username: string }[]> }>(
    await admin.post('/ldap/sync', Object.fromEntries(new URLSearchParams(query))),
  );
const student = async (username: string) =>
  first(
    await app.ctx.db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, (await school(app)).id), eq(students.username, username))),
  );
const groupsOf = async (id: string) =>
  (await sqlAll<{ group_id: string }>(app, 'SELECT group_id FROM student_group_members WHERE student_id = ?', id))
    .map((r) => r.group_id)
    .sort();
const countStudents = async () =>
  (await sqlGet(app, "SELECT count(*) AS n, sum(disabled) AS d FROM students WHERE source = 'ldap'")) as {
    n: number;
    d: number | null;
  };

beforeAll(async () => {
  slapd = await startSlapd({ people, ous: ['grade1'], groups: { maths: ['p00001', 'p00002', 'p00003'] } });
  app = await makeApp({ LICENCE_TRIAL_SEATS: 10_000, LDAP_TIMEOUT_MS: 4000 });
  admin = injectAs(app, await login(app, { ...ADMIN, role: 'admin' }));
  const schoolId = (await school(app)).id;
  for (const name of Object.keys(gid) as (keyof typeof gid)[]) {
    gid[name] = app.ctx.ids.next();
    await insertGroup(app.ctx.db, {
      id: gid[name],
      schoolId,
      parentId: null,
      name,
      position: 0,
      createdAt: Date.now(),
    });
  }
  sfid = await buildStudentField(app, {
    name: 'Boarding',
    kind: 'choice',
    options: JSON.stringify(['day', 'boarding']),
    createdAt: Date.now(),
  });
  const saved = await admin.post('/ldap/settings', {
    enabled: true,
    url: slapd.ldapUrl,
    startTLS: true,
    caCert: slapd.caCert,
    bindDN: READER_DN,
    bindPassword: READER_PW,
    baseDN: PEOPLE_DN,
    mapping: {
      username: 'uid',
      name: 'cn',
      email: 'mail',
      phone: 'telephoneNumber',
      fields: { [sfid]: 'employeeType' },
    },
    groupMapping: [
      { ldap: `cn=maths,${GROUPS_DN}`, gid: gid.maths },
      { ldap: `ou=grade1,${PEOPLE_DN}`, gid: gid.grade1 },
    ],
    disableCap: 20,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}, 120_000);

afterEach(() => {
  syncHooks.afterPage = undefined;
});

afterAll(async () => {
  await app?.close();
  await destroySlapd(slapd);
});

describe('ldap/sync', () => {
  it('a dry run shows the difference (counts and the first 50) and writes nothing', async () => {
    const { run, diff } = await sync('dryRun=1');
    expect(run).toMatchObject({
      dryRun: true,
      status: 'ok',
      found: 2500,
      created: 2500,
      updated: 0,
      disabled: 0,
      errors: 0,
    });
    expect(diff.create).toHaveLength(50);
    expect(diff.create[0]).toMatchObject({ username: 'p00001' });
    expect((await countStudents()).n).toBe(0);
  }, 60_000);

  it('a real run creates everyone past the size limit with mapped attributes, groups and fields; a second run changes nothing', async () => {
    const { run } = await sync('dryRun=0');
    expect(run).toMatchObject({ dryRun: false, status: 'ok', found: 2500, created: 2500, disabled: 0, errors: 0 });
    expect(await countStudents()).toEqual({ n: 2500, d: 0 });
    const one = (await student('p00001'))!;
    expect(one).toMatchObject({
      name: 'Person 00001',
      email: 'p00001@lanxue.test',
      source: 'ldap',
      externalId: dn('p00001'),
      passwordHash: null,
    });
    expect(await groupsOf(one.id)).toEqual([gid.maths, gid.grade1].sort());
    expect(await groupsOf((await student('p02000'))!.id)).toEqual([]);
    const value = first(
      await app.ctx.db.select().from(studentFieldValues).where(eq(studentFieldValues.studentId, one.id)),
    );
    expect(value?.value).toBe('boarding');

    const again = await sync('dryRun=0');
    expect(again.run).toMatchObject({ status: 'ok', found: 2500, created: 0, updated: 0, disabled: 0, enabled: 0 });
  }, 60_000);

  it('a person removed is disabled (never deleted) and their session ends; back in the directory, they come back', async () => {
    const session = await login(app, {
      username: 'p00010',
      password: 'person-pass-1',
      school: (await school(app)).hashUID,
    });
    expect(data<{ login: boolean }>(await admin.get('/checkLogin', session)).login).toBe(true);
    slapd.modify(`dn: ${dn('p00010')}\nchangetype: delete\n`);
    const { run, diff } = await sync('dryRun=0');
    expect(run).toMatchObject({ status: 'ok', found: 2499, created: 0, disabled: 1 });
    expect(diff.disable.map((d) => d.username)).toEqual(['p00010']);
    expect(await student('p00010')).toMatchObject({ disabled: true, disabledBy: 'ldap' });
    expect(data<{ login: boolean }>(await admin.get('/checkLogin', session)).login).toBe(false);

    slapd.modify(
      `dn: ${dn('p00010')}\nchangetype: add\nobjectClass: inetOrgPerson\nuid: p00010\ncn: Person Ten\nsn: Ten\nuserPassword: person-pass-1\n`,
    );
    const back = await sync('dryRun=0');
    expect(back.run).toMatchObject({ status: 'ok', enabled: 1, updated: 1, disabled: 0 });
    expect(await student('p00010')).toMatchObject({ disabled: false, disabledBy: null, name: 'Person Ten' });
  }, 60_000);

  it('a group change moves membership; groups that are not mapped stay as the administrator set them', async () => {
    const two = (await student('p00002'))!;
    await sqlRun(app, 'INSERT INTO student_group_members (student_id, group_id) VALUES (?, ?)', two.id, gid.manual);
    slapd.modify(
      `dn: cn=maths,${GROUPS_DN}\nchangetype: modify\ndelete: member\nmember: ${dn('p00002')}\n-\nadd: member\nmember: ${dn('p02222')}\n`,
    );
    const { run } = await sync('dryRun=0');
    expect(run).toMatchObject({ status: 'ok', updated: 2, created: 0, disabled: 0 });
    expect(await groupsOf(two.id)).toEqual([gid.grade1, gid.manual].sort());
    expect(await groupsOf((await student('p02222'))!.id)).toEqual([gid.maths]);
    expect((await sync('dryRun=0')).run).toMatchObject({ updated: 0 });
  }, 60_000);

  it('more disables than the cap hold the run (nothing changed) until confirmed', async () => {
    const gone = people.slice(2400, 2425).map((p) => p.uid);
    slapd.modify(gone.map((uid) => `dn: ${dn(uid)}\nchangetype: delete\n`).join('\n'));
    const held = await sync('dryRun=0');
    expect(held.run).toMatchObject({ status: 'held', disabled: 25 });
    expect(held.run.message).toContain('25');
    expect((await countStudents()).d).toBe(0);
    const applied = await sync('dryRun=0&confirm=1');
    expect(applied.run).toMatchObject({ status: 'ok', disabled: 25 });
    expect((await countStudents()).d).toBe(25);
  }, 60_000);

  it('the server stopped mid-run (after the first page): the run fails and nothing changes', async () => {
    slapd.modify(
      people
        .slice(2300, 2330)
        .map((p) => `dn: ${dn(p.uid)}\nchangetype: delete\n`)
        .join('\n'),
    );
    const before = await sqlAll(app, 'SELECT id, disabled, updated_at FROM students ORDER BY id');
    let pages = 0;
    syncHooks.afterPage = async (page) => {
      pages = page;
      if (page === 1) await slapd.stop();
    };
    const { run } = await sync('dryRun=0&confirm=1');
    expect(pages).toBe(1);
    syncHooks.afterPage = undefined;
    expect(run).toMatchObject({ status: 'failed', message: LDAP_ERRORS.unreachable, created: 0, disabled: 0 });
    expect(await sqlAll(app, 'SELECT id, disabled, updated_at FROM students ORDER BY id')).toEqual(before);
    // The server down from the start: failed too.
    const down = await sync('dryRun=0&confirm=1');
    expect(down.run).toMatchObject({ status: 'failed', message: LDAP_ERRORS.unreachable });
    await slapd.start();
    const after = await sync('dryRun=0&confirm=1');
    expect(after.run).toMatchObject({ status: 'ok', disabled: 30 });
  }, 60_000);

  it('one run per school at a time (409); ldap/runs lists every run, newest first', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The first run holds at its first page: by then it is running, so the second is refused.
    let reached!: () => void;
    const atFirstPage = new Promise<void>((resolve) => (reached = resolve));
    syncHooks.afterPage = () => {
      reached();
      return gate;
    };
    const first = admin.get('/ldap/sync?dryRun=1');
    await atFirstPage;
    const second = await admin.post('/ldap/sync', { dryRun: 1 });
    expect([second.statusCode, envelope(second).error]).toEqual([409, LDAP_ERRORS.running]);
    release();
    expect((await first).statusCode).toBe(200);
    const runs = data<{ list: { status: string; dryRun: boolean; startedAt: number }[] }>(
      await admin.get('/ldap/runs'),
    ).list;
    expect(runs.length).toBe(13);
    expect(runs[0]).toMatchObject({ dryRun: true, status: 'ok' });
    expect(runs.map((r) => r.status)).toEqual(expect.arrayContaining(['ok', 'held', 'failed']));
    expect(runs.map((r) => r.startedAt)).toEqual([...runs.map((r) => r.startedAt)].sort((a, b) => b - a));
  }, 60_000);

  it('a mapped group deleted since the settings were saved maps to nothing: the sync still runs', async () => {
    const one = (await student('p00001'))!;
    data(await admin.post('/s/group/delete', { gid: gid.maths }));
    const { run } = await sync('dryRun=0&confirm=1');
    expect(run).toMatchObject({ status: 'ok', errors: 0, updated: 0 });
    expect(await groupsOf(one.id)).toEqual([gid.grade1]);
  }, 60_000);
});

describe('the scheduler', () => {
  it('runs a due schedule as a real sync (trigger schedule)', async () => {
    const scheduled = await makeApp({ LICENCE_TRIAL_SEATS: 10_000, LDAP_SCHEDULE_TICK_MS: 200 });
    try {
      const main = injectAs(scheduled, await login(scheduled, { ...ADMIN, role: 'admin' }));
      const save = await main.post('/ldap/settings', {
        enabled: true,
        url: slapd.ldapsUrl,
        caCert: slapd.caCert,
        bindDN: READER_DN,
        bindPassword: READER_PW,
        baseDN: `ou=grade1,${PEOPLE_DN}`,
        schedule: '* * * * * *',
      });
      expect(save.statusCode, save.body).toBe(200);
      // The first scheduled run (the oldest, last in the list) is awaited until it has finished, not only started:
      // on a busy machine it can still be 'running' when it first appears.
      type Run = { trigger: string; status: string; created: number };
      let runs: Run[] = [];
      const first = await waitUntil(
        () => `the first scheduled run to finish (runs: ${JSON.stringify(runs)})`,
        async () => {
          runs = data<{ list: Run[] }>(await main.get('/ldap/runs')).list;
          const oldest = runs[runs.length - 1];
          return oldest && oldest.status !== 'running' ? oldest : null;
        },
        40_000,
        100,
      );
      expect(first).toMatchObject({ trigger: 'schedule', status: 'ok', created: 100 });
    } finally {
      await scheduled.close();
    }
  }, 60_000);
});
