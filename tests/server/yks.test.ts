/**
 * The exam platform (yks) frame over HTTP (issue 19 'yks mode, complete'): its settings per role, the signed
 * sign-in (valid, expired, replayed, tampered, wrong audience, unknown signer, another school), yks/login/status
 * and the pages' frame-ancestors for an allowed and a disallowed origin.
 */
import { eq } from 'drizzle-orm';
import { SignJWT, exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalIdentities, schools, students } from '../../server/db/schema';
import { insertGroup, studentGroupIds } from '../../server/modules/auth/accounts.repository';
import { createSchool } from '../../server/modules/schools/schools.service';
import { YKS_ERRORS } from '../../shared/schemas/yks';
import { LICENCE_ERRORS } from '../../shared/schemas/licence';
import { buildAdmin, buildStudent, login, makeApp, school, type TestApp } from '../helpers/factories';
import { data, envelope, injectAs } from '../helpers/kit';
import { adminCookie } from './records-helpers';
import { first } from '../../server/db/client';
import { sqlGet } from '../helpers/sql';

const SECRET = 'a-shared-secret-of-at-least-32-characters!';
const ISSUER = 'https://exam.example';
const ORIGIN = 'http://exam.example:8080';
const CLOCK = Date.UTC(2031, 2, 10, 8, 0, 0);

/** The school's exam platform settings as an administrator saves them. */
const yksSettings = (over: object = {}) => ({
  enabled: true,
  loginUrl: 'https://exam.example/sso',
  origins: [ORIGIN],
  issuer: ISSUER,
  alg: 'HS256',
  secret: SECRET,
  ...over,
});

/** An assertion the platform signs for the school `aud` (HS256 with SECRET unless told), valid 2 minutes. */
const signFor = (aud: string, claims: Record<string, unknown> = {}, opts: { secret?: string; exp?: number } = {}) =>
  new SignJWT({ username: 'exam-user-1', name: 'Exam User', ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(aud)
    .setSubject(String(claims.sub ?? 'u-1'))
    .setJti(String(claims.jti ?? `j-${Math.random()}`))
    .setIssuedAt(Math.floor(CLOCK / 1000))
    .setExpirationTime(opts.exp ?? Math.floor(CLOCK / 1000) + 120)
    .sign(new TextEncoder().encode(opts.secret ?? SECRET));

describe('exam platform (yks) frame', () => {
  let app: TestApp;
  let admin: string;
  let hash: string;
  let other: { id: string; hash: string; admin: string };

  const sign = (claims: Record<string, unknown> = {}, opts: { secret?: string; aud?: string; exp?: number } = {}) =>
    signFor(opts.aud ?? hash, claims, opts);
  const yksLogin = (assertion: string, query = '') =>
    app.inject({ method: 'GET', url: `/yks/login?assertion=${assertion}${query}` });

  beforeAll(async () => {
    app = await makeApp({}, { now: () => CLOCK });
    admin = await adminCookie(app);
    hash = (await school(app)).hashUID;
    const theirs = await createSchool(app.ctx, { name: 'Other', adminUsername: 'o-admin', adminPassword: 'o-pass-12' });
    other = {
      id: theirs.id,
      hash: app.ctx.uidCodec.encode(theirs.id),
      admin: (await login(app, { username: 'o-admin', password: 'o-pass-12', role: 'admin' })).cookie,
    };
    data(await injectAs(app, admin).post('/yks/settings', yksSettings()));
  });
  afterAll(() => app.close());

  describe('settings', () => {
    it('keeps the secret sealed and never shows it', async () => {
      const shown = data<Record<string, unknown>>(await injectAs(app, admin).get('/yks/settings'));
      expect(shown).toMatchObject({ enabled: true, origins: [ORIGIN], alg: 'HS256', secretSet: true });
      expect(JSON.stringify(shown)).not.toContain(SECRET);
      const row = first(
        await app.ctx.db
          .select()
          .from(schools)
          .where(eq(schools.id, (await school(app)).id)),
      )!;
      expect(row.settings).not.toContain(SECRET);
      // Saving without the secret keeps it.
      const kept = data(await injectAs(app, admin).post('/yks/settings', yksSettings({ secret: undefined })));
      expect(kept.secretSet).toBe(true);
    });

    it('answers by role: guest 401, student 403, sub-admin without setting 403, with it 200', async () => {
      const student = await buildStudent(app);
      const studentCookie = (await login(app, { ...student, school: hash })).cookie;
      const withSetting = await buildAdmin(app, { permissions: ['setting'] });
      const without = await buildAdmin(app, { permissions: ['course'] });
      const withCookie = (await login(app, { ...withSetting, role: 'admin' })).cookie;
      const withoutCookie = (await login(app, { ...without, role: 'admin' })).cookie;
      expect((await injectAs(app, null).get('/yks/settings')).statusCode).toBe(401);
      expect((await injectAs(app, studentCookie).get('/yks/settings')).statusCode).toBe(403);
      expect((await injectAs(app, withoutCookie).post('/yks/settings', yksSettings())).statusCode).toBe(403);
      expect(data(await injectAs(app, withCookie).get('/yks/settings')).enabled).toBe(true);
      // Another school's admin sees their own school's (unset) settings.
      expect(data(await injectAs(app, other.admin).get('/yks/settings'))).toMatchObject({ enabled: false });
    });

    it('refuses bad addresses, origins, short secrets and bad keys with 400', async () => {
      const post = (over: object) => injectAs(app, other.admin).post('/yks/settings', yksSettings(over));
      expect((await post({ loginUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
      expect((await post({ origins: ['https://exam.example/path'] })).statusCode).toBe(400);
      expect((await post({ origins: ['ftp://exam.example'] })).statusCode).toBe(400);
      expect((await post({ origins: [] })).statusCode).toBe(400);
      expect(envelope(await post({ secret: 'short' })).error).toBe(YKS_ERRORS.secretRequired);
      expect(envelope(await post({ alg: 'RS256', publicKey: 'not a key' })).error).toBe(YKS_ERRORS.badKey);
    });
  });

  describe('sign-in', () => {
    it('opens a session for a new student with a valid assertion and keeps model=yks', async () => {
      const res = await yksLogin(await sign({ sub: 'new-1', username: 'fresh-user' }), '&return=/dashboard');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/dashboard?model=yks');
      const cookie = res.cookies.find((c) => c.name === 'y_main');
      expect(cookie).toBeDefined();
      // Without COOKIE_SECURE (plain http) the cookie stays Lax: browsers refuse SameSite=None without Secure.
      expect(cookie).toMatchObject({ sameSite: 'Lax', httpOnly: true });
      expect(cookie?.secure).toBeFalsy();
      const state = data<{ userData: { uname: string } }>(
        await injectAs(app, `y_main=${cookie!.value}`).get('/checkLogin'),
      );
      expect(state.userData.uname).toBe('fresh-user');
      const link = first(
        await app.ctx.db.select().from(externalIdentities).where(eq(externalIdentities.subject, 'new-1')),
      );
      expect(link).toMatchObject({ provider: 'yks', role: 'student' });
    });

    it('links the student with the same user name, then finds them by the link', async () => {
      const student = await buildStudent(app, { username: 'match-me' });
      await yksLogin(await sign({ sub: 'm-1', username: 'match-me' }));
      const link = first(
        await app.ctx.db.select().from(externalIdentities).where(eq(externalIdentities.subject, 'm-1')),
      );
      expect(link?.userId).toBe(student.id);
      const again = await yksLogin(await sign({ sub: 'm-1', username: 'renamed-there' }));
      expect(again.statusCode).toBe(302);
      expect(
        first(await app.ctx.db.select().from(students).where(eq(students.username, 'renamed-there'))),
      ).toBeUndefined();
    });

    it('puts the student in the named groups of the school (unknown names skipped)', async () => {
      const gid = app.ctx.ids.next();
      await insertGroup(app.ctx.db, {
        id: gid,
        schoolId: (await school(app)).id,
        parentId: null,
        name: '一班',
        position: 0,
        createdAt: 1,
      });
      await yksLogin(await sign({ sub: 'g-1', username: 'grouped', groups: ['一班', 'no such group', 7] }));
      const id = first(await app.ctx.db.select().from(students).where(eq(students.username, 'grouped')))!.id;
      expect(await studentGroupIds(app.ctx.db, id)).toEqual([gid]);
    });

    it('refuses an expired assertion (beyond the 60 s skew) and accepts one within it', async () => {
      const now = Math.floor(CLOCK / 1000);
      expect((await yksLogin(await sign({}, { exp: now - 61 }))).statusCode).toBe(400);
      expect((await yksLogin(await sign({}, { exp: now - 30 }))).statusCode).toBe(302);
      // More than 5 minutes ahead is refused too.
      expect((await yksLogin(await sign({}, { exp: now + 400 }))).statusCode).toBe(400);
    });

    it('refuses a replayed assertion with 409', async () => {
      const assertion = await sign({ jti: 'once' });
      expect((await yksLogin(assertion)).statusCode).toBe(302);
      const replay = await yksLogin(assertion);
      expect(replay.statusCode).toBe(409);
      expect(envelope(replay).error).toBe(YKS_ERRORS.replayed);
      expect(replay.cookies.find((c) => c.name === 'y_main')).toBeUndefined();
    });

    it('refuses a tampered assertion, a wrong audience and an unknown signer', async () => {
      const [head, body, sig] = (await sign({ sub: 'u-t' })).split('.');
      const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
      expect((await yksLogin(`${head}.${forged}.${sig}`)).statusCode).toBe(400);
      expect((await yksLogin(await sign({}, { aud: 'someone-else' }), `&uid=${hash}`)).statusCode).toBe(400);
      const unknown = await yksLogin(await sign({}, { secret: 'another-secret-that-is-long-enough-xxxxx' }));
      expect(unknown.statusCode).toBe(400);
      expect(envelope(unknown).error).toBe(YKS_ERRORS.badAssertion);
      expect((await yksLogin('not.a.jwt')).statusCode).toBe(400);
    });

    it("refuses another school's assertion, and a school without the platform", async () => {
      // Signed for this school but presented to the other: wrong audience and not configured there.
      expect((await yksLogin(await sign(), `&uid=${other.hash}`)).statusCode).toBe(404);
      data(await injectAs(app, other.admin).post('/yks/settings', yksSettings({ secret: `${SECRET}-other` })));
      expect((await yksLogin(await sign(), `&uid=${other.hash}`)).statusCode).toBe(400);
      // Its own assertion, signed with its own secret, works there only.
      const theirs = await sign({ sub: 'o-1' }, { aud: other.hash, secret: `${SECRET}-other` });
      expect((await yksLogin(theirs, `&uid=${hash}`)).statusCode).toBe(400);
      expect((await yksLogin(theirs)).statusCode).toBe(302);
    });

    it('verifies RS256 with a public key', async () => {
      const { publicKey, privateKey } = await generateKeyPair('RS256');
      const pem = await exportSPKI(publicKey);
      data(await injectAs(app, other.admin).post('/yks/settings', yksSettings({ alg: 'RS256', publicKey: pem })));
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer(ISSUER)
        .setAudience(other.hash)
        .setSubject('rs-1')
        .setJti('rs-1')
        .setExpirationTime(Math.floor(CLOCK / 1000) + 60)
        .sign(privateKey);
      expect((await yksLogin(token)).statusCode).toBe(302);
      // An HS256 token made with the public key as secret (algorithm confusion) is refused.
      const confused = await sign({}, { aud: other.hash, secret: pem });
      expect((await yksLogin(confused)).statusCode).toBe(400);
    });

    it('without an assertion starts at the platform with the organisation id and the way back', async () => {
      const res = await app.inject({ method: 'GET', url: `/yks/login?uid=${hash}&return=/dashboard` });
      expect(res.statusCode).toBe(302);
      const to = new URL(res.headers.location as string);
      expect(`${to.origin}${to.pathname}`).toBe('https://exam.example/sso');
      expect(to.searchParams.get('uid')).toBe(hash);
      expect(to.searchParams.get('return')).toContain(`/yks/login?uid=${hash}`);
      const foreign = await yksLogin(await sign({ sub: 'r-1' }), '&return=//evil.example/x');
      expect(foreign.headers.location).not.toContain('evil');
    });
  });

  it('yks/login/status names the platform, the login address and whether the caller is signed in', async () => {
    const guest = data(await app.inject({ method: 'GET', url: `/yks/login/status?uid=${hash}` }));
    expect(guest).toEqual({
      enabled: true,
      login: false,
      loginUrl: `/yks/login?uid=${hash}`,
      origins: [ORIGIN],
    });
    const res = await yksLogin(await sign({ sub: 's-1' }));
    const cookie = `y_main=${res.cookies.find((c) => c.name === 'y_main')!.value}`;
    expect(data(await injectAs(app, cookie).get('/yks/login/status')).login).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/yks/login/status?uid=nope' })).statusCode).toBe(404);
  });

  it("lets only the school's platform origin frame its pages", async () => {
    const home = await app.inject({ method: 'GET', url: `/u/${hash}` });
    expect(home.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${ORIGIN}`);
    expect(home.headers['x-frame-options']).toBeUndefined();
    const admin = await app.inject({ method: 'GET', url: '/learn/admin/' });
    expect(admin.headers['content-security-policy']).toMatch(/frame-ancestors 'self'$/);
    expect(admin.headers['x-frame-options']).toBe('SAMEORIGIN');
    // A school without the platform: this site only.
    data(await injectAs(app, other.admin).post('/yks/settings', { enabled: false }));
    const theirs = await app.inject({ method: 'GET', url: `/u/${other.hash}` });
    expect(theirs.headers['content-security-policy']).toMatch(/frame-ancestors 'self'$/);
    expect(theirs.headers['content-security-policy']).not.toContain(ORIGIN);
    expect(theirs.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('describes its calls in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const path of ['/yks/settings', '/yks/login', '/yks/login/status']) expect(doc.paths).toHaveProperty([path]);
  });
});

describe('the session cookie of a school another site frames', () => {
  let app: TestApp;
  afterAll(() => app?.close());

  /** The Set-Cookie line of y_main in a reply. */
  const sessionLine = (res: { headers: Record<string, unknown> }) =>
    ([res.headers['set-cookie']].flat() as string[]).find((line) => line?.startsWith('y_main='));

  it('over https: SameSite=None; Secure; Partitioned once the school has its platform, cleared alike; Lax elsewhere', async () => {
    app = await makeApp({ COOKIE_SECURE: true }, { now: () => CLOCK });
    const hash = (await school(app)).hashUID;
    const student = await buildStudent(app, { username: 'framed-1' });
    const before = await app.inject({
      method: 'POST',
      url: '/do/login',
      payload: { username: 'framed-1', password: student.password },
    });
    expect(sessionLine(before)).toMatch(/; Secure; SameSite=Lax$/);
    expect(sessionLine(before)).not.toContain('Partitioned');
    // Another school, never framed, in the same installation.
    await createSchool(app.ctx, { name: 'Plain', adminUsername: 'p-admin', adminPassword: 'p-pass-12' });
    const plain = await app.inject({
      method: 'POST',
      url: '/do/login',
      payload: { username: 'p-admin', password: 'p-pass-12', role: 'admin' },
    });
    const admin = await adminCookie(app);
    data(await injectAs(app, admin).post('/yks/settings', yksSettings()));
    const assertion = await signFor(hash, { username: 'framed-2', name: 'Framed', sub: 'framed-2', jti: 'framed-jti' });
    const framed = await app.inject({ method: 'GET', url: `/yks/login?assertion=${assertion}` });
    expect(framed.statusCode).toBe(302);
    const line = sessionLine(framed)!;
    expect(line).toContain('; Secure');
    expect(line).toContain('; SameSite=None');
    expect(line).toContain('; Partitioned');
    expect(line).toContain('; HttpOnly');
    // The password sign-in of the same school now sets it so too, and the sign-out clears it with the same
    // attributes (a browser clears a partitioned cookie only so).
    const again = await app.inject({
      method: 'POST',
      url: '/do/login',
      payload: { username: 'framed-1', password: student.password },
    });
    expect(sessionLine(again)).toContain('; SameSite=None');
    const cookie = sessionLine(framed)!.split(';')[0]!;
    const out = await app.inject({ method: 'POST', url: '/do/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const cleared = sessionLine(out)!;
    expect(cleared).toMatch(/^y_main=;/);
    expect(cleared).toContain('; SameSite=None');
    expect(cleared).toContain('; Partitioned');
    // The school that no site frames keeps SameSite=Lax.
    expect(sessionLine(plain)).toContain('; SameSite=Lax');
  });

  it('a new student takes a licence seat: refused when the seats are full, the assertion left unused', async () => {
    const full = await makeApp({ LICENCE_TRIAL_SEATS: 1 }, { now: () => CLOCK });
    try {
      await buildStudent(full, { username: 'seat-holder' });
      data(await injectAs(full, await adminCookie(full)).post('/yks/settings', yksSettings()));
      const aud = (await school(full)).hashUID;
      const assertion = await signFor(aud, { username: 'one-too-many', name: 'Late', sub: 'late-1', jti: 'seat-jti' });
      const refused = await full.inject({ method: 'GET', url: `/yks/login?assertion=${assertion}` });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(LICENCE_ERRORS.seatsFull);
      expect(await sqlGet(full, "SELECT count(*) AS n FROM students WHERE username = 'one-too-many'")).toEqual({
        n: 0,
      });
      expect(await sqlGet(full, 'SELECT count(*) AS n FROM used_assertions')).toEqual({ n: 0 });
      // The platform's existing student (same user name) still signs in: no new seat.
      const existing = await signFor(aud, { username: 'seat-holder', sub: 'holder-1', jti: 'seat-jti-2' });
      expect((await full.inject({ method: 'GET', url: `/yks/login?assertion=${existing}` })).statusCode).toBe(302);
    } finally {
      await full.close();
    }
  });
});
