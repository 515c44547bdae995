import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStudent, login, makeApp, type TestApp } from '../helpers/app';
import { adminCookie, graphicCourse, okCall } from './records-helpers';

/**
 * Two app nodes on one PostgreSQL database (the http-pg project only: on SQLite one process owns the file).
 * What each node keeps in memory (sessions, course replies) learns of the other's writes by NOTIFY, and a
 * request is first told of every change committed before it arrived: the other node answers fresh at once.
 */
describe('two nodes on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let dir: string;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-nodes-'));
    const file = path.join(dir, 'lanxue.sqlite');
    a = await makeApp({ DATABASE_FILE: file, WORKER_ID: 1 });
    b = await makeApp({ DATABASE_FILE: file, WORKER_ID: 2 });
  });
  afterEach(async () => {
    await a.close();
    await b.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a course edited on node A is served fresh by node B at once', async () => {
    const admin = await adminCookie(a);
    const coid = await graphicCourse(a, admin, { title: 'Before' });
    const student = await buildStudent(a);
    const cookie = (await login(a, student)).cookie;
    const titleOnB = async () => (await okCall<{ title: string }>(b, 'GET', `/course/info/${coid}`, cookie)).title;
    // B keeps its reply (asked twice), then A renames the course: B's next answer has the new title.
    expect(await titleOnB()).toBe('Before');
    expect(await titleOnB()).toBe('Before');
    for (const title of ['After', 'After again']) {
      await okCall(a, 'POST', '/course/save', admin, { coid, values: { title } });
      expect(await titleOnB()).toBe(title);
    }
  });

  it('a student signed in on A and then again elsewhere is told on B that the first session was replaced', async () => {
    const student = await buildStudent(a);
    const first = await login(a, student);
    const check = (app: TestApp, cookie: string) =>
      app.inject({ method: 'GET', url: '/checkStudent/login', headers: { cookie } });
    // B knows the session (and keeps it) ...
    expect((await check(b, first.cookie)).json().data).toEqual({ isKic: false });
    expect((await check(b, first.cookie)).json().data).toEqual({ isKic: false });
    // ... until the student signs in again on A: B tells the first session at once.
    const second = await login(a, student, '10.0.0.2');
    expect((await check(b, first.cookie)).json().data).toEqual({ isKic: true });
    expect((await check(b, second.cookie)).json().data).toEqual({ isKic: false });
  });
});
