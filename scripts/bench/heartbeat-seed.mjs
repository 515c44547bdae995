// The heartbeat benchmarks' seed and traffic (scripts/bench/heartbeat.mjs on SQLite, nodes.mjs on both engines):
// a school with COURSES paid courses, each a one-hour video chapter, and BENCH_STUDENTS students with live sessions
// (known tokens; sessions store the SHA-256 of the token), each of whom bought one course.
import { createHash, randomBytes } from 'node:crypto';

export const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
export const COURSES = 10;
export const VIDEO_SECONDS = 3600;

const SNOWFLAKE_EPOCH = 1288834974657n;
let sequence = (BigInt(Date.now()) - SNOWFLAKE_EPOCH) << 22n;
const nextId = () => (sequence++).toString();

/**
 * The rows to write, as [table, row] pairs (lib.mjs rowInserter, or startPostgres's write), the school and the
 * students (cookie, course, chapter, viewing start). BENCH_POINTS=1 turns every point rule on.
 */
export function heartbeatSeed() {
  const rows = [];
  const insert = (table, row) => rows.push([table, row]);
  const now = Date.now();
  const schoolId = nextId();
  const courses = [];
  const students = [];
  insert('schools', { id: schoolId, name: '基准学校', settings: '{}', created_at: now });
  // BENCH_POINTS=1: every point rule on (issue 15 points), to measure earning on the heartbeat's path.
  if (process.env.BENCH_POINTS)
    for (const rule of ['studyTime', 'chapterDone', 'courseDone', 'examPassed', 'dailyFirst'])
      insert('point_rules', { school_id: schoolId, rule, points: 1, daily_limit: 0, enabled: 1, updated_at: now });
  for (let c = 0; c < COURSES; c++) {
    const coid = nextId();
    insert('courses', {
      id: coid,
      school_id: schoolId,
      title: `课程 ${c + 1}`,
      type: 0,
      actual_fen: 9900,
      price_fen: 19900,
      settings: c % 2 ? '{"notAllowSkip":1}' : '{}',
      published: 1,
      created_at: now,
      updated_at: now,
    });
    const fileId = nextId();
    insert('files', {
      id: fileId,
      school_id: schoolId,
      key: `files/userupload/${schoolId}/${fileId}.MP4`,
      original_name: 'lesson.mp4',
      mime: 'video/mp4',
      ext: 'MP4',
      size: 1,
      visibility: 'private',
      uploaded_by: `admin:${schoolId}`,
      created_at: now,
    });
    const rid = nextId();
    insert('resources', {
      id: rid,
      school_id: schoolId,
      title: 'lesson.mp4',
      file_id: fileId,
      kind: 'video',
      status: 'ready',
      duration: VIDEO_SECONDS,
      outputs: '{"mp4":"video.mp4"}',
      created_by: schoolId,
      created_at: now,
      updated_at: now,
    });
    const cid = nextId();
    insert('chapters', {
      id: cid,
      course_id: coid,
      parent_id: '0',
      position: 0,
      title: '第一章',
      type: 1,
      resource_id: rid,
      created_at: now,
    });
    courses.push({ coid, cid });
  }
  for (let i = 0; i < STUDENTS; i++) {
    const id = nextId();
    const token = randomBytes(32).toString('base64url');
    insert('students', { id, school_id: schoolId, username: `bench${i}`, name: `学员 ${i}`, created_at: now });
    insert('sessions', {
      token_hash: createHash('sha256').update(token).digest('hex'),
      role: 'student',
      user_id: id,
      school_id: schoolId,
      created_at: now,
      expires_at: now + 86_400_000,
      last_seen_at: now,
    });
    const course = courses[i % COURSES];
    insert('enrolments', { student_id: id, course_id: course.coid, source: 'buy', created_at: now });
    students.push({ id, cookie: `y_main=${token}`, ...course, startTs: now + i });
  }
  return { schoolId, students, rows };
}

/**
 * wrk's Lua (lib.mjs runWrk request): each request the next student's heartbeat in turn, with a position that
 * follows the wall time since that student's first heartbeat (plausible playback).
 */
export function beatsLua(students) {
  const rows = students.map(
    (s) => `{${JSON.stringify(s.cookie)},${JSON.stringify(s.coid)},${JSON.stringify(s.cid)},${s.startTs}}`,
  );
  return [
    `local students = {${rows.join(',\n')}}`,
    'local first, n = {}, 0',
    'request = function()',
    '  n = n + 1',
    '  local i = (n % #students) + 1',
    '  local s, now = students[i], os.time()',
    '  first[i] = first[i] or now',
    `  local position = math.min(${VIDEO_SECONDS}, now - first[i])`,
    '  local body = string.format(\'{"coid":"%s","cid":"%s","start_ts":%.0f,"position":%d,\' ..',
    '    \'"pause":false,"play_type":"play","realtime":16}\', s[2], s[3], s[4], position)',
    '  return wrk.format("POST", nil, { ["content-type"] = "application/json", cookie = s[1] }, body)',
    'end',
  ].join('\n');
}

/**
 * Before a heartbeat case: one heartbeat of every student, in the order wrk's Lua takes them, `concurrency` at a
 * time, so the case measures a server that holds every student's records (as one that has been up for a while
 * does) instead of one loading them; a slow engine would otherwise spend the whole case on first beats. Answers
 * how long it took (ms); throws on a beat that was not recorded.
 */
export async function warmBeats(base, students, concurrency = 50) {
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < students.length) {
      const s = students[next++];
      const body = { coid: s.coid, cid: s.cid, start_ts: s.startTs, position: 0, pause: false, play_type: 'play' };
      const answer = await fetch(`${base}/web/heartbeat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: s.cookie },
        body: JSON.stringify({ ...body, realtime: 16 }),
      });
      const text = await answer.text();
      if (!answer.ok || !text.includes('"recorded"')) throw new Error(`warm-up beat: ${answer.status} ${text}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return Date.now() - started;
}
