import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_GROUPS, type PermissionGroup } from '../../shared/constants';
import { createSchool } from '../../server/modules/schools/schools.service';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, type TestApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';

/*
 * The permission sweep (spec 6 roles and permissions: "every back-office call checks permission in one
 * place on the server, not only by hiding buttons"; "no administrator of one school ever reads or changes
 * another school's data").
 *
 * 1. Inventory: every route of the running app (from its OpenAPI document) that is not on the short PUBLIC list
 *    refuses a guest with 401; every back-office route (tagged 'back office', the admins calls, or on
 *    BACK_OFFICE_PLAIN) refuses a student with 403. Both get garbage input, and the refusal comes before the
 *    input is validated (server/plugins/access.ts): never a 400 that describes a back-office call's schema.
 *    A new route that forgot requireAdmin and needs no input answers 200 or 404 here and fails.
 * 2. AREAS: per permission group, back-office calls with good input: guest 401, student 403, a sub-admin holding
 *    every group but the area's 403, a sub-admin holding only the area's 200; the lists of another school's main
 *    admin carry none of school A's ids.
 */

type Method = 'GET' | 'POST';
interface Call {
  method: Method;
  url: string;
  body?: Record<string, unknown>;
  /** {course} and {student} in the url or a body value stand for school A's published course and student. */
  /** A list whose reply another school's admin reads (checked for school A's ids). */
  list?: boolean;
  /** Other groups that also open this call (a picker's read): the 'without' admin lacks them too. */
  alsoOpenTo?: PermissionGroup[];
}

/** Routes a guest may call (catalogue, sign-in, pages, the student's public reads). */
const PUBLIC = [
  /^GET \/health$/,
  /^(GET|POST) \/do\//,
  /^GET \/checkLogin$/,
  /^POST \/redirect$/,
  /^GET \/course\/(catelist|cates|info\/\{id\}|graphic\/\{id\}|chapter\/\{id\})$/,
  /^POST \/course\/(bycate|search)$/,
  /^GET \/watch\/hot\/\{id\}$/,
  /^GET \/collect\/status$/,
  /^GET \/column\/(cates|info\/\{id\}|collect\/status)$/,
  // A published column's discount (issue 15 'Orders'): shown on its public page.
  /^GET \/columndiscount$/,
  /^POST \/column\/(list|visit)$/,
  /^GET \/article\/(list|info\/\{aid\})$/,
  /^GET \/(tags\/\{uid\}|userpage\/\{uid\})$/,
  /^GET \/comment\/(list|reply)$/,
  /^GET \/learn\/ware\/\{coid\}\/\{cid\}$/,
  /^POST \/(web\/heartbeat|watch\/add)$/,
  /^(GET|POST) \/ldap\/auth$/,
  // Live teaching (issue 17): the live page's state (a public live course needs no sign-in) and the public list;
  // the live server's callbacks are server to server, refused with 403 without the shared secret (live-hooks test).
  /^GET \/(live\/info|public\/live)$/,
  /^(GET|POST) \/live\/hook\/\w+$/,
  // Single sign-on (issue 19): which provider a school's sign-in page offers, and a logout that also names the
  // provider's end-session page (a guest's logout ends nothing).
  /^GET \/oidc\/status$/,
  /^POST \/oidc\/logout$/,
  // The exam platform's sign-in (a signed assertion is the credential) and what its login needs to know.
  /^GET \/yks\/login(\/status)?$/,
  // Pages of the web app (HTML shells and redirects).
  /^GET \/(|u\/\{hash\}|login\/u\/logout|login\/u\/\{parentId\}|u\/learn\/\{code\}\/\{chapterId\}\/\{type\}|u\/column\/\{code\}|live\/\{hash\}\/\{file\}|course\/\{code\}|dashboard|learn\/admin\/?|qrcode\/\{coid\})$/,
];
/** Back-office routes whose OpenAPI tag does not say so. */
const BACK_OFFICE_PLAIN = [
  /^POST \/(getcourselist|course\/(new|save|delete|copy|descr|updateSet|topClass|category|cate\/update|cate\/delete|movebeforedelcate|pub))$/,
  /^GET \/course\/pub$/,
  /^POST \/chapter\/(add|rename|free|update|move|delete|ware)$/,
  /^GET \/chapter\/(wares|ware\/candidates)$/,
  /^(GET|POST) \/setting\/userpage$/,
  /^(GET|POST) \/ldap\/(settings|test|sync|runs)$/,
  /^(GET|POST) \/reg$/,
  /^GET \/lan\/upgrade\/status$/,
];

/** A body no call accepts. */
const GARBAGE = { garbage: [1, 'x'], page: 'not-a-number', coid: { nested: true } };

/** Per permission group: calls with good input. */
const AREAS: Record<PermissionGroup, Call[]> = {
  course: [
    { method: 'POST', url: '/getcourselist', body: {}, list: true },
    { method: 'GET', url: '/tag/admin/list', list: true },
    { method: 'GET', url: '/a/comment/list', list: true },
    { method: 'GET', url: '/studyplan/list', list: true },
    { method: 'POST', url: '/course/category', body: { title: 'Swept', parent_id: '0' } },
    { method: 'POST', url: '/course/new', body: { title: 'Swept', catid: '0', type: 0 } },
    { method: 'GET', url: '/grant/holders?kind=course&id={course}' },
    { method: 'GET', url: '/grant/audit?coid={course}', alsoOpenTo: ['student'] },
    { method: 'POST', url: '/grant/add', body: { kind: 'course', id: '{course}', sids: ['{student}'], gids: [] } },
    // Live teaching (issue 17): the sessions of live courses and the month's bill.
    { method: 'GET', url: '/live/session/list', list: true },
    { method: 'GET', url: '/live/options', list: true },
    { method: 'GET', url: '/live/bill?month=2031-03', list: true },
  ],
  resource: [
    { method: 'GET', url: '/resource/list', list: true },
    { method: 'GET', url: '/resource/category', list: true },
    { method: 'POST', url: '/resource/category/add', body: { title: 'Swept', parent_id: '0' } },
  ],
  student: [
    { method: 'GET', url: '/student/list', list: true },
    { method: 'GET', url: '/s/group/list', list: true, alsoOpenTo: ['course', 'exam'] },
    { method: 'GET', url: '/learn/allrecord', list: true },
    { method: 'GET', url: '/grant/student?sid={student}', alsoOpenTo: ['course'] },
    { method: 'POST', url: '/s/group/add', body: { name: 'Swept' } },
    // Private messages (issue 16): the staff's conversations with students and the students-may-write setting.
    { method: 'GET', url: '/a/privatemessage', list: true },
    { method: 'GET', url: '/a/privatemessage/thread?friendid={student}' },
    { method: 'GET', url: '/a/privatemessage/unread' },
    { method: 'GET', url: '/a/privatemessage/contacts?keyword=student', list: true },
    { method: 'GET', url: '/a/privatemessage/setting' },
    { method: 'POST', url: '/a/privatemessage/read', body: { friendid: '{student}' } },
    { method: 'POST', url: '/a/privatemessage/setting', body: { allowStudentMessages: false } },
    // Issue 18: the back office's analytics summarise the students' study.
    { method: 'GET', url: '/analysis/overview' },
    { method: 'GET', url: '/analysis/courses', list: true },
    { method: 'GET', url: '/analysis/inactive', list: true },
    { method: 'GET', url: '/analysis/course?coid={course}' },
    { method: 'GET', url: '/analysis/student?sid={student}' },
    { method: 'GET', url: '/analysis/inactive/export' },
  ],
  userpage: [
    { method: 'GET', url: '/article/admin/list', list: true },
    { method: 'GET', url: '/setting/userpage' },
    // Issue 16: announcements are the school's words on its site, like articles.
    { method: 'GET', url: '/update/announcement/list', list: true },
    { method: 'POST', url: '/update/announcement/add', body: { title: 'Swept' } },
  ],
  setting: [
    { method: 'GET', url: '/ldap/settings' },
    { method: 'GET', url: '/ldap/runs', list: true },
    // Notices by e-mail and SMS (issue 16 'inform').
    { method: 'GET', url: '/inform/settings' },
    { method: 'GET', url: '/inform/templates' },
    { method: 'GET', url: '/inform/log', list: true },
  ],
  exam: [
    { method: 'GET', url: '/examadmin/category/list', list: true },
    { method: 'GET', url: '/examadmin/paper/list', list: true },
    { method: 'GET', url: '/examadmin/exam/list', list: true },
    { method: 'GET', url: '/examadmin/marking/list', list: true },
    { method: 'POST', url: '/examadmin/category/add', body: { title: 'Swept' } },
  ],
  question: [
    { method: 'POST', url: '/question/add', body: { type: 2, content: 'Swept?', answer: '0', point: 1 } },
    { method: 'POST', url: '/question/category/add', body: { title: 'Swept', parent_id: '0' } },
  ],
  admin: [
    { method: 'GET', url: '/admins/list', list: true },
    { method: 'GET', url: '/a/group/list', list: true },
    { method: 'GET', url: '/admins/getCate', list: true },
    {
      method: 'POST',
      url: '/admins/registered',
      body: { username: 'swept', name: 'Swept', password: 'swept-pass-1', permissions: [] },
    },
  ],
};

describe('permission sweep: every back-office call checks the session, the permission group and the school', () => {
  let app: TestApp;
  let main: string;
  let student: string;
  let other: string;
  const schoolAIds: string[] = [];
  let round = 0;

  const fixture = { course: '', student: '' };
  const named = (text: string) =>
    text.replace(/\{(course|student)\}/g, (_m, key: 'course' | 'student') => fixture[key]);
  const send = (method: Method, url: string, body: Record<string, unknown> | undefined, cookie: string) =>
    injectAs(app, cookie).inject({
      method,
      url: named(url),
      ...(method === 'POST' ? { payload: JSON.parse(named(JSON.stringify(body ?? {}))) } : {}),
    });
  /** Writes that create by name get a fresh name each time (user names are unique). */
  const fresh = (call: Call) => {
    round += 1;
    if (!call.body) return call.body;
    return Object.fromEntries(
      Object.entries(call.body).map(([key, value]) => [
        key,
        key === 'username' || key === 'title' || key === 'name' ? `${value}${round}` : value,
      ]),
    );
  };
  const adminCookie = async (permissions: string[]) => {
    const sub = await buildSubAdmin(app, permissions);
    return (await login(app, { username: sub.username, password: sub.password, role: 'admin' })).cookie;
  };

  beforeAll(async () => {
    app = await makeApp();
    main = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    const s = await buildStudent(app, { groups: ['Class A'] });
    schoolAIds.push(s.id, ...s.groupIds);
    fixture.student = s.id;
    student = (await login(app, s)).cookie;
    // School A's rows, one or more per area, whose ids another school must never see.
    const made = async (
      url: string,
      body: Record<string, unknown>,
      pick: (data: Record<string, unknown>) => unknown,
    ) => {
      const res = await send('POST', url, body, main);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      schoolAIds.push(String(pick(res.json().data)));
    };
    await made('/course/category', { title: 'A cat', parent_id: '0' }, (d) => d.catid);
    await made('/course/new', { title: 'A course', catid: '0', type: 0 }, (d) => (fixture.course = String(d.coid)));
    expect((await send('POST', '/course/pub', { coid: fixture.course, pub: '1' }, main)).statusCode).toBe(200);
    await made('/examadmin/category/add', { title: 'A exams' }, (d) => (d.list as { id: string }[])[0].id);
    await made(
      '/admins/registered',
      { username: 'a-sub', name: 'A sub', password: 'a-sub-pass-1', permissions: ['exam'] },
      (d) => d.id,
    );
    await made('/s/group/add', { name: 'A group' }, (d) => d.gid ?? d.id);
    await made('/resource/category/add', { title: 'A folder', parent_id: '0' }, (d) => d.id);
    await createSchool(app.ctx, { name: 'School B', adminUsername: 'b-admin', adminPassword: 'b-admin-pass-1' });
    other = (await login(app, { username: 'b-admin', password: 'b-admin-pass-1', role: 'admin' })).cookie;
  });
  afterAll(() => app.close());

  it('inventory: every non-public route refuses a guest, every back-office route refuses a student', async () => {
    const doc = (await send('GET', '/openapi.json', undefined, '')).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const problems: string[] = [];
    let backOffice = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [lower, operation] of Object.entries(operations)) {
        const method = lower.toUpperCase();
        if (method !== 'GET' && method !== 'POST') continue;
        const key = `${method} ${path}`;
        if (PUBLIC.some((pattern) => pattern.test(key))) continue;
        // Garbage input: a wrong path id, a bad page number, a body of nothing the call expects.
        const url = `${path.replace(/\{[^}]+\}/g, 'not-an-id!')}?page=not-a-number`;
        const guest = await send(method as Method, url, GARBAGE, '');
        if (guest.statusCode !== 401) problems.push(`${key}: guest got ${guest.statusCode}`);
        const tags = (operation.tags ?? []).join(' ');
        if (
          tags.includes('back office') ||
          tags === 'admins' ||
          BACK_OFFICE_PLAIN.some((pattern) => pattern.test(key))
        ) {
          backOffice += 1;
          const asStudent = await send(method as Method, url, GARBAGE, student);
          if (asStudent.statusCode !== 403) problems.push(`${key}: student got ${asStudent.statusCode}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(backOffice).toBeGreaterThan(150);
  });

  for (const group of PERMISSION_GROUPS) {
    it(`${group}: guest 401, student 403, a sub-admin without '${group}' 403, with it 200; school B sees none of A's rows`, async () => {
      const holder = await adminCookie([group]);
      for (const call of AREAS[group]) {
        const without = await adminCookie(
          PERMISSION_GROUPS.filter((g) => g !== group && !call.alsoOpenTo?.includes(g)),
        );
        const label = `${call.method} ${call.url}`;
        expect((await send(call.method, call.url, fresh(call), '')).statusCode, label).toBe(401);
        expect((await send(call.method, call.url, fresh(call), student)).statusCode, label).toBe(403);
        expect((await send(call.method, call.url, fresh(call), without)).statusCode, label).toBe(403);
        const res = await send(call.method, call.url, fresh(call), holder);
        expect(res.statusCode, `${label} ${res.body}`).toBe(200);
        if (call.list) {
          const theirs = await send(call.method, call.url, call.body, other);
          expect(theirs.statusCode, label).toBe(200);
          for (const id of schoolAIds) expect(theirs.body, `${label} leaks ${id}`).not.toContain(id);
        }
      }
    });
  }

  it("school A's ids are seen by school A's main admin (so the school B check can fail)", async () => {
    const bodies = await Promise.all(
      Object.values(AREAS)
        .flat()
        .filter((call) => call.list)
        .map(async (call) => (await send(call.method, call.url, call.body, main)).body),
    );
    const seen = schoolAIds.filter((id) => bodies.some((body) => body.includes(id)));
    expect(seen.length).toBeGreaterThanOrEqual(schoolAIds.length - 1);
  });
});
