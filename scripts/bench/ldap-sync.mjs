// node scripts/bench/ldap-sync.mjs: the directory sync benchmark: an LDAP sync of 10,000 people from the test
// slapd, its seconds and peak memory (targets: the sync under 20 s, memory under 300 MB).
//
// Starts the test directory (tests/helpers/slapd.ts, loaded through tsx: slapadd offline, size limit 1000 with
// paging, a normal service account, StartTLS with its own CA) with 10,000 people in two mapped groups, builds
// the server and starts it on a temporary file database (production build, its own process), saves the
// directory settings through HTTP, then times the first real sync (POST ldap/sync dryRun=0) and a second one
// (which must change nothing). Peak memory is the server's VmHWM from /proc, with VmRSS sampled every 50 ms.
// BENCH_PEOPLE changes the count.
import Database from 'better-sqlite3';
import { register } from 'tsx/esm/api';
import { adminCookie, memoryMb, peakMemory, startBuiltServer } from './lib.mjs';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 10_000);
const TARGET_SECONDS = 20;
const TARGET_MB = 300;

register();
const harness = await import('../../tests/helpers/slapd.ts');

const people = harness.numberedPeople(PEOPLE);
const seeded = performance.now();
const slapd = await harness.startSlapd({
  people,
  groups: {
    even: people.filter((_, i) => i % 2 === 0).map((p) => p.uid),
    odd: people.filter((_, i) => i % 2 === 1).map((p) => p.uid),
  },
});
console.log(`directory of ${PEOPLE} people ready in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

try {
  const server = await startBuiltServer({ name: 'ldap', seats: PEOPLE + 100 });
  try {
    await bench(server);
  } finally {
    await server.stop();
  }
} finally {
  await harness.destroySlapd(slapd);
}

async function bench(server) {
  const { pid } = server;
  const sqlite = new Database(server.databaseFile);
  sqlite.pragma('busy_timeout = 5000');
  const { id: schoolId } = sqlite.prepare('select id from schools order by created_at limit 1').get();
  for (const [id, name] of [
    ['9000000000000000001', 'even'],
    ['9000000000000000002', 'odd'],
  ]) {
    sqlite
      .prepare(
        'insert into student_groups (id, school_id, parent_id, name, position, created_at) values (?, ?, null, ?, 0, ?)',
      )
      .run(id, schoolId, name, Date.now());
  }
  sqlite.close();

  const cookie = await adminCookie(server.base);
  const post = async (url, body) =>
    (
      await fetch(`${server.base}/${url}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
  const saved = await post('ldap/settings', {
    enabled: true,
    url: slapd.ldapUrl,
    startTLS: true,
    caCert: slapd.caCert,
    bindDN: harness.READER_DN,
    bindPassword: harness.READER_PW,
    baseDN: harness.PEOPLE_DN,
    groupMapping: [
      { ldap: `cn=even,${harness.GROUPS_DN}`, gid: '9000000000000000001' },
      { ldap: `cn=odd,${harness.GROUPS_DN}`, gid: '9000000000000000002' },
    ],
  });
  if (saved.status !== 'ok') throw new Error(`settings: ${JSON.stringify(saved)}`);

  const restMb = memoryMb(pid, 'VmRSS');
  const memory = peakMemory(pid);
  const start = performance.now();
  const first = await post('ldap/sync', { dryRun: false });
  const firstSeconds = (performance.now() - start) / 1000;
  const again = performance.now();
  const second = await post('ldap/sync', { dryRun: false });
  const secondSeconds = (performance.now() - again) / 1000;
  const peakMb = memory.stop();
  if (first.status !== 'ok' || first.data.run.status !== 'ok' || first.data.run.created !== PEOPLE)
    throw new Error(`first sync: ${JSON.stringify(first).slice(0, 500)}`);
  const r2 = second.data?.run;
  if (!r2 || r2.created + r2.updated + r2.disabled + r2.enabled !== 0)
    throw new Error(`second sync changed something: ${JSON.stringify(second).slice(0, 500)}`);

  const check = new Database(server.databaseFile, { readonly: true });
  const counts = check
    .prepare(
      "select (select count(*) from students where source = 'ldap') students, (select count(*) from student_group_members) members",
    )
    .get();
  check.close();
  console.table([
    {
      people: PEOPLE,
      'first sync s': Number(firstSeconds.toFixed(2)),
      'second sync s': Number(secondSeconds.toFixed(2)),
      'server rss at rest MB': Math.round(restMb),
      'server peak MB': Math.round(peakMb),
      students: counts.students,
      'group members': counts.members,
    },
  ]);
  const ok = firstSeconds < TARGET_SECONDS && peakMb < TARGET_MB;
  console.log(`targets: sync under ${TARGET_SECONDS} s, memory under ${TARGET_MB} MB: ${ok ? 'met' : 'NOT met'}`);
  if (!ok) process.exitCode = 1;
}
