// node scripts/bench/people-import.mjs: the student import benchmark: import of a
// 10,000-row XLSX, seconds and peak memory. Targets: import under 10 s, memory under 300 MB.
//
// Builds the server, starts it on a temporary file database (production build, its own process), adds a
// student group and a custom field, makes a 10,000-row XLSX (user name, name, phone, group, custom field; no
// password column: one shared initial password), then times through HTTP: the preview, and the import from the
// upload to getImport saying 'done'. Peak memory is the server process's VmHWM (peak resident set, from /proc),
// with VmRSS sampled every 50 ms while it works. BENCH_ROWS changes the row count.
import Database from 'better-sqlite3';
import writeXlsxFile from 'write-excel-file/node';
import { adminCookie, memoryMb, peakMemory, startBuiltServer } from './lib.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const TARGET_SECONDS = 10;
const TARGET_MB = 300;

/** An upload of the file with the import options, as the screen sends it. */
function form(file, fields) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file-select', new Blob([file]), 'students.xlsx');
  return body;
}

const server = await startBuiltServer({ name: 'import', seats: ROWS + 100 });
const { pid } = server;
try {
  // A group and a custom field, written beside the running server (WAL) as the back office would.
  const sqlite = new Database(server.databaseFile);
  sqlite.pragma('busy_timeout = 5000');
  const { id: schoolId } = sqlite.prepare('select id from schools order by created_at limit 1').get();
  sqlite
    .prepare(
      'insert into student_groups (id, school_id, parent_id, name, position, created_at) values (?, ?, null, ?, 0, ?)',
    )
    .run('9000000000000000001', schoolId, '2024级', Date.now());
  sqlite
    .prepare(
      "insert into student_fields (id, school_id, name, kind, options, required, position, created_at) values (?, ?, ?, 'text', '[]', 1, 0, ?)",
    )
    .run('9000000000000000002', schoolId, '学号', Date.now());
  sqlite.close();

  const made = Date.now();
  const rows = [['用户名', '姓名', '手机', '分组', '学号'].map((value) => ({ value }))];
  for (let i = 0; i < ROWS; i++)
    rows.push([
      { value: `s${String(i).padStart(6, '0')}` },
      { value: `学生${i}` },
      { value: 13800000000 + i },
      { value: '2024级' },
      { value: `2024${String(i).padStart(5, '0')}` },
    ]);
  const file = await writeXlsxFile(rows).toBuffer();
  console.log(
    `made a ${ROWS}-row XLSX of ${(file.length / 1024).toFixed(0)} KiB in ${Date.now() - made} ms; server rss at rest ${memoryMb(pid, 'VmRSS').toFixed(0)} MB`,
  );

  const cookie = await adminCookie(server.base);
  const memory = peakMemory(pid);
  const options = { mode: 'rows', duplicates: 'skip', initialPassword: 'welcome-2024' };

  const previewStart = performance.now();
  const preview = await (
    await fetch(`${server.base}/student/import/preview`, {
      method: 'POST',
      headers: { cookie },
      body: form(file, options),
    })
  ).json();
  const previewSeconds = (performance.now() - previewStart) / 1000;
  if (preview.status !== 'ok' || preview.data.badRows !== 0)
    throw new Error(`preview: ${JSON.stringify(preview).slice(0, 500)}`);

  const importStart = performance.now();
  const started = await (
    await fetch(`${server.base}/student/import`, { method: 'POST', headers: { cookie }, body: form(file, options) })
  ).json();
  if (started.status !== 'ok') throw new Error(`import: ${JSON.stringify(started)}`);
  const answeredSeconds = (performance.now() - importStart) / 1000;
  let status;
  let slowestPoll = 0;
  for (;;) {
    const pollStart = performance.now();
    status = (await (await fetch(`${server.base}/student/getImport`, { headers: { cookie } })).json()).data;
    slowestPoll = Math.max(slowestPoll, performance.now() - pollStart);
    if (status.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const importSeconds = (performance.now() - importStart) / 1000;
  const peakMb = memory.stop();
  if (status.status !== 'done' || status.created !== ROWS)
    throw new Error(`import ended ${JSON.stringify({ ...status, report: status.report.slice(0, 5) })}`);

  const check = new Database(server.databaseFile, { readonly: true });
  const counts = check
    .prepare(
      'select (select count(*) from students) students, (select count(*) from student_group_members) members, (select count(*) from student_field_values) vals, (select count(distinct password_hash) from students) hashes',
    )
    .get();
  check.close();

  const result = {
    rows: ROWS,
    'preview s': Number(previewSeconds.toFixed(2)),
    'import answered s': Number(answeredSeconds.toFixed(2)),
    'import end to end s': Number(importSeconds.toFixed(2)),
    'slowest getImport ms': Math.round(slowestPoll),
    'server peak MB': Math.round(peakMb),
    students: counts.students,
    'group members': counts.members,
    'field values': counts.vals,
    'distinct hashes': counts.hashes,
  };
  console.table([result]);
  const ok = importSeconds < TARGET_SECONDS && peakMb < TARGET_MB;
  console.log(`targets: import under ${TARGET_SECONDS} s, memory under ${TARGET_MB} MB: ${ok ? 'met' : 'NOT met'}`);
  if (!ok) process.exitCode = 1;
} finally {
  await server.stop();
}
