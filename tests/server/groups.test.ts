import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, type TestApp } from '../helpers/app';
import { createSchool } from '../../server/modules/schools/schools.service';

describe('s/group/list', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeApp();
  });
  afterAll(() => app.close());

  it('lists the school’s groups for admins who manage courses, students or exams (an exam’s audience), and nobody else', async () => {
    const student = await buildStudent(app, { groups: ['研发部', '市场部'] });
    const other = await createSchool(app.ctx, { name: 'Other', adminUsername: 'other', adminPassword: 'other-pass-1' });
    await buildStudent(app, { schoolId: other.id, groups: ['别校组'] });
    const list = (cookie?: string) => app.inject({ method: 'GET', url: '/s/group/list', headers: cookie ? { cookie } : {} });

    const main = await login(app, { ...ADMIN, role: 'admin' });
    const groups = (await list(main.cookie)).json().data.groups;
    expect(groups.map((g: { name: string }) => g.name).sort()).toEqual(['市场部', '研发部']);
    expect(groups[0]).toMatchObject({ parent_id: '0', position: 0 });

    const courseAdmin = await buildSubAdmin(app, ['course']);
    expect((await list((await login(app, { ...courseAdmin, role: 'admin' })).cookie)).json().data.groups).toHaveLength(2);
    const examAdmin = await buildSubAdmin(app, ['exam']);
    expect((await list((await login(app, { ...examAdmin, role: 'admin' })).cookie)).json().data.groups).toHaveLength(2);
    const resourceAdmin = await buildSubAdmin(app, ['resource', 'question']);
    expect((await list((await login(app, { ...resourceAdmin, role: 'admin' })).cookie)).statusCode).toBe(403);
    expect((await list((await login(app, student)).cookie)).statusCode).toBe(403);
    expect((await list()).statusCode).toBe(401);
    const otherAdmin = await login(app, { username: 'other', password: 'other-pass-1', role: 'admin' });
    expect((await list(otherAdmin.cookie)).json().data.groups.map((g: { name: string }) => g.name)).toEqual(['别校组']);
  });
});
