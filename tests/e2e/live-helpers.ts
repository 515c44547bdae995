/**
 * Steps shared by the live page's browser tests (issue 17): live courses and sessions written as rows (the back
 * office's calls are another part of the issue), a stand-in HTTP server for the live server's /health, and a
 * relay from the live server's callbacks to the app.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { liveSessions } from '../../server/db/schema';
import { LOCALE_COOKIE } from '../../shared/constants';
import { buildCourse } from '../helpers/factories';
import type { Harness } from './harness';

export const MIN = 60_000;

/** A published live course (type 1 unless given) of the school; returns its id. */
export const liveCourse = async (h: Harness, values: Parameters<typeof buildCourse>[1] = {}) =>
  await buildCourse(h.app, { type: 1, title: '直播课堂', ...values });

/** A session of a course as a row; scheduled from 10 to 70 minutes from now unless given. */
export async function liveSession(
  h: Harness,
  courseId: string,
  values: Partial<typeof liveSessions.$inferInsert> = {},
) {
  const id = h.app.ctx.ids.next();
  const now = Date.now();
  await h.app.ctx.db.insert(liveSessions).values({
    id,
    schoolId: h.school.id,
    courseId,
    title: `第${id.slice(-3)}讲`,
    startAt: now + 10 * MIN,
    endAt: now + 70 * MIN,
    streamKey: `key-${id}`,
    rotatedAt: now,
    createdAt: now,
    updatedAt: now,
    ...values,
  });
  return id;
}

/** The live page of a course: /live/{hashUID}/{coid}.html. */
export const livePath = (h: Harness, coid: string) => `/live/${h.school.hashUID}/${coid}.html`;

/** A stand-in HTTP server on a loopback port answering `answer(url)` (a status) to every request. */
export async function standIn(answer: (url: string) => number) {
  const server = http.createServer((req, res) => {
    res.writeHead(answer(req.url ?? '/'), { 'access-control-allow-origin': '*' });
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A loopback HTTP server that relays every request to `to(target)` once it is set (503 before): the live
 * server is started before the app (it needs the platform's address, the app needs its address), so its
 * callbacks reach the app's real hooks through this.
 */
export async function relay() {
  let target = '';
  const server = http.createServer((req, res) => {
    if (!target) {
      res.writeHead(503);
      res.end();
      return;
    }
    const upstream = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    to: (address: string) => {
      target = address;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Pages of the context are shown in English (the site's language cookie). */
export const inEnglish = (h: Harness, context: BrowserContext) =>
  context.addCookies([{ name: LOCALE_COOKIE, value: 'en-gb', url: h.baseURL }]);
