import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, type TestApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';
import { requireAdmin } from '../../server/plugins/auth';

/** Each error class of the one envelope, over HTTP against the real app. */
describe('replies: {status, error, data} for every outcome', () => {
  let app: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    app = await makeApp(
      {},
      {
        logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
        setup: (instance) => {
          instance.get('/test/boom', async () => {
            throw new Error('secret database detail at /var/lib/x');
          });
          instance.withTypeProvider<ZodTypeProvider>().get('/test/students-only', async (request) => {
            await requireAdmin(request, 'student');
            return { status: 'ok', error: null, data: 'granted' };
          });
          instance.withTypeProvider<ZodTypeProvider>().get(
            '/test/query',
            // A guest may call it: a route that takes input and says nothing is for signed-in callers (server/plugins/access.ts).
            {
              schema: { querystring: z.object({ page: z.coerce.number().int().min(1) }) },
              config: { access: 'public' },
            },
            async (request) => ({ status: 'ok', error: null, data: request.query.page }),
          );
        },
      },
    );
  });
  afterAll(() => app.close());

  it('200 ok with status ok and error null', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', error: null, data: { db: true } });
  });

  it('400 names the missing field of a body', async () => {
    const res = await app.inject({ method: 'POST', url: '/do/login', payload: { password: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe('error');
    expect(body.error).toMatch(/^bad input: body\.username /);
    expect(body.data.field).toBe('username');
  });

  it('400 names a bad query field', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/query?page=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/querystring\.page/);
    expect((await app.inject({ method: 'GET', url: '/test/query?page=3' })).json().data).toBe(3);
  });

  it('400 for a body that is not JSON, still in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/do/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ status: 'error', data: null });
  });

  it("401 'no login' without a session", async () => {
    const res = await app.inject({ method: 'GET', url: '/admins/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', error: 'no login', data: null });
    // A refusal is never cached, whether the route or the access check before it answered.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('403 for a student on a back-office call and for a sub-admin without the permission', async () => {
    const student = await buildStudent(app);
    const { cookie } = await login(app, student);
    const asStudent = await injectAs(app, cookie).get('/admins/me');
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json()).toEqual({ status: 'error', error: 'forbidden', data: null });

    const sub = await buildSubAdmin(app, ['course']);
    const subLogin = await login(app, { ...sub, role: 'admin' });
    const denied = await app.inject({
      method: 'GET',
      url: '/test/students-only',
      headers: { cookie: subLogin.cookie },
    });
    expect(denied.statusCode).toBe(403);

    const main = await login(app, { ...ADMIN, role: 'admin' });
    const granted = await app.inject({ method: 'GET', url: '/test/students-only', headers: { cookie: main.cookie } });
    expect(granted.json().data).toBe('granted');
  });

  it('404 in the envelope for an unknown call', async () => {
    const res = await app.inject({ method: 'POST', url: '/no/such/call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', error: 'not found', data: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('500 with a generic message; the detail goes to the log only', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/boom', headers: { 'x-request-id': 'req-boom-1' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 'error', error: 'server error', data: null });
    expect(res.body).not.toMatch(/secret|\/var\/lib|at /);
    const entry = logLines
      .map((line) => JSON.parse(line))
      .find((e) => e.err?.message === 'secret database detail at /var/lib/x');
    expect(entry).toMatchObject({ reqId: 'req-boom-1', level: 50 });
    expect(entry.err.stack).toContain('envelope.test.ts');
  });

  it('never answers a call with HTML', async () => {
    for (const [method, url] of [
      ['GET', '/checkLogin'],
      ['POST', '/redirect'],
      ['GET', '/nothing-here'],
      ['DELETE', '/do/login'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.headers['content-type'], `${method} ${url}`).toMatch(/application\/json/);
      expect(res.body).not.toMatch(/<html|<!doctype/i);
    }
  });

  it('logs one line for a failed request with its request id; successful ones only at debug', async () => {
    await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'req-123' } });
    expect(logLines.map((line) => JSON.parse(line)).filter((e) => e.reqId === 'req-123')).toEqual([]);
    await app.inject({ method: 'GET', url: '/nothing-here', headers: { 'x-request-id': 'req-404' } });
    const entries = logLines.map((line) => JSON.parse(line)).filter((e) => e.reqId === 'req-404');
    expect(entries).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        level: 30,
        method: 'GET',
        url: '/nothing-here',
        statusCode: 404,
      }),
    ]);
  });
});

describe('OpenAPI document', () => {
  it('describes the calls from the same zod schemas', async () => {
    const app = await makeApp();
    try {
      const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
      expect(doc.openapi).toMatch(/^3\./);
      const login = doc.paths['/do/login'].post;
      expect(login.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/checkLogin', '/checkStudent/login', '/redirect', '/admins/me']),
      );
    } finally {
      await app.close();
    }
  });
});

describe('API_PREFIX', () => {
  it('puts every call under the prefix and keeps pages at the root', async () => {
    const app = await makeApp({ API_PREFIX: '/api' });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/checkLogin' })).json().status).toBe('ok');
      expect((await app.inject({ method: 'GET', url: '/checkLogin' })).statusCode).toBe(404);
      const shell = await app.inject({ method: 'GET', url: '/dashboard' });
      expect(shell.statusCode).toBe(200);
      expect(shell.body).toContain('"apiPrefix":"/api/"');
    } finally {
      await app.close();
    }
  });
});
