/**
 * The back office of orders over HTTP (issue 15 items 5 and 8): invoices (one per paid order, handled once,
 * audited), the order list with filters, totals in fen and the CSV/XLSX export, and the payment settings, for
 * the school's administrator and another school.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderEvents, orders } from '../../server/db/schema';
import { closeOverdueOrders } from '../../server/modules/orders/order-state';
import { createSchool } from '../../server/modules/schools/schools.service';
import { buildAdmin, login, makeApp, type TestApp } from '../helpers/factories';
import { data, injectAs } from '../helpers/kit';
import { adminCookie, learnCourse, signedInStudent } from './records-helpers';

type Order = { orderid: string; status: string; amount_fen: number };
type Submitted = { order: Order; created: boolean };
type Detail = { order: Order; events: { action: string }[] };

describe('orders in the back office', () => {
  let app: TestApp;
  const clock = Date.UTC(2031, 4, 10, 4, 0, 0);
  let admin: string;
  let coid: string;
  let buyer: Awaited<ReturnType<typeof signedInStudent>>;
  let other: { admin: string };

  const as = (who: string | null) => injectAs(app, who);
  const order = async (who: string, payload: object) => data<Submitted>(await as(who).post('/submitorde', payload));
  const confirm = (orderid: string, amount_fen: number) =>
    as(admin).post('/order/confirm', { orderid, amount_fen, way: 'transfer', trade_number: 'T-1' });
  const settings = (payload: object, who: string = admin) =>
    as(who).post('/paysetting/save', {
      enabled: true,
      instructions: '<p>Bank 6222</p>',
      timeout_hours: 48,
      ...payload,
    });

  beforeAll(async () => {
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    ({ coid } = await learnCourse(app, admin, { title: 'Paid course', actual: 88.5, price: 120 }));
    buyer = await signedInStudent(app, { username: 'buyer', name: '买家' });
    await createSchool(app.ctx, { name: 'Other', adminUsername: 'o-admin', adminPassword: 'o-pass-12' });
    other = { admin: (await login(app, { username: 'o-admin', password: 'o-pass-12', role: 'admin' })).cookie };
    data(await settings({}));
    // A paid order of the buyer, a paid and a closed one of 'renewer'.
    data(await confirm((await order(buyer.cookie, { kind: 'course', id: coid })).order.orderid, 8850));
    const renewer = await signedInStudent(app, { username: 'renewer' });
    const days = await learnCourse(app, admin, { title: 'Days', actual: 30, ce_type: 1, ce_time: 10 });
    data(await confirm((await order(renewer.cookie, { kind: 'course', id: days.coid })).order.orderid, 3000));
    const late = await order(renewer.cookie, { kind: 'course', id: coid });
    await app.ctx.db
      .update(orders)
      .set({ expiresAt: clock - 1 })
      .where(eq(orders.id, late.order.orderid));
    expect(await closeOverdueOrders(app.ctx)).toBe(1);
  });
  afterAll(() => app.close());

  it('invoices: one per paid order, listed and handled in the back office, audited', async () => {
    const mine = data<{ list: (Order & { invoice: string | null })[] }>(await as(buyer.cookie).get('/getorders'));
    const paid = mine.list.find((row) => row.status === 'paid') as Order;
    const pending = await order(buyer.cookie, {
      kind: 'course',
      id: (await learnCourse(app, admin, { actual: 5 })).coid,
    });
    const ask = (orderid: string, extra: object = {}) =>
      as(buyer.cookie).post('/invoices/add', { orderid, kind: 'personal', title: '张三', email: 'a@b.cn', ...extra });
    expect((await ask(pending.order.orderid)).statusCode).toBe(409);
    expect((await ask(paid.orderid, { kind: 'company' })).statusCode).toBe(400);
    expect((await ask(paid.orderid, { email: 'nope' })).statusCode).toBe(400);
    const invoice = data<{ id: string; status: string; amount_fen: number }>(await ask(paid.orderid));
    expect(invoice).toMatchObject({ status: 'requested', amount_fen: 8850 });
    expect((await ask(paid.orderid)).statusCode).toBe(409);
    const list = data<{ total: number; list: { id: string }[] }>(await as(admin).get('/invoice/list?status=requested'));
    expect(list.list.map((row) => row.id)).toContain(invoice.id);
    expect(data<{ total: number }>(await as(other.admin).get('/invoice/list')).total).toBe(0);
    expect((await as(other.admin).post('/invoice/handle', { id: invoice.id, status: 'issued' })).statusCode).toBe(404);
    const issued = data<{ status: string }>(
      await as(admin).post('/invoice/handle', { id: invoice.id, status: 'issued', note: 'sent' }),
    );
    expect(issued.status).toBe('issued');
    expect((await as(admin).post('/invoice/handle', { id: invoice.id, status: 'refused' })).statusCode).toBe(409);
    const detail = data<Detail>(await as(admin).get(`/order/detail?orderid=${paid.orderid}`));
    expect(detail.events.filter((event) => event.action === 'invoice')).toHaveLength(2);
  });

  it('lists, filters, totals and exports the school orders; another school sees none', async () => {
    const all = data<{ total: number; totals: { count: number; paid_count: number; paid_fen: number } }>(
      await as(admin).get('/order/list?num=100'),
    );
    expect(all.totals.count).toBe(all.total);
    const paid = data<{ total: number; list: { status: string; paid_fen: number }[]; totals: { paid_fen: number } }>(
      await as(admin).get('/order/list?status=paid&num=100'),
    );
    expect(paid.list.every((row) => row.status === 'paid')).toBe(true);
    expect(paid.totals.paid_fen).toBe(paid.list.reduce((sum, row) => sum + row.paid_fen, 0));
    expect(all.totals.paid_fen).toBe(paid.totals.paid_fen);
    const byStudent = data<{ list: { username: string }[] }>(await as(admin).get('/order/list?student=renewer'));
    expect(byStudent.list.length).toBeGreaterThan(0);
    expect(byStudent.list.every((row) => row.username === 'renewer')).toBe(true);
    const closed = data<{ list: { status: string }[] }>(await as(admin).get('/order/list?status=closed'));
    expect(closed.list.length).toBeGreaterThan(0);
    expect(closed.list.every((row) => row.status === 'closed')).toBe(true);
    const future = data<{ total: number }>(await as(admin).get('/order/list?from=2040-01-01'));
    expect(future.total).toBe(0);
    expect((await as(admin).get('/order/list?from=yesterday')).statusCode).toBe(400);
    expect(data<{ total: number }>(await as(other.admin).get('/order/list')).total).toBe(0);
    const csv = await as(admin).get('/order/export?format=csv&status=paid');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('88.50');
    expect(all.totals.paid_fen).toBe(8850 + 3000);
    expect(csv.body.trim().split('\r\n')).toHaveLength(paid.total + 2);
    const xlsx = await as(admin).get('/order/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('payment settings: sanitised instructions, bounds, another school apart', async () => {
    const saved = data<{ instructions: string; timeout_hours: number }>(
      await settings({
        instructions: '<p onclick="x()">Pay at <b>room 3</b><script>alert(1)</script></p>',
        timeout_hours: 24,
      }),
    );
    expect(saved.instructions).toBe('<p>Pay at <b>room 3</b></p>');
    // The change is in the trail: who, the settings before and after (sanitised).
    const trail = await app.ctx.db.select().from(orderEvents).where(eq(orderEvents.action, 'paysetting.save'));
    const last = trail.at(-1)!;
    expect(last.actorKind).toBe('admin');
    expect(JSON.parse(last.after!)).toMatchObject({ instructions: '<p>Pay at <b>room 3</b></p>', timeout_hours: 24 });
    expect(JSON.parse(last.before!)).toHaveProperty('instructions');
    const count = trail.length;
    expect((await settings({ timeout_hours: 0 })).statusCode).toBe(400);
    expect(await app.ctx.db.select().from(orderEvents).where(eq(orderEvents.action, 'paysetting.save'))).toHaveLength(
      count,
    );
    expect(data<{ enabled: boolean }>(await as(other.admin).get('/paysetting/get')).enabled).toBe(false);
  });

  it('the settings trail is visible: payment settings and pay administrators, newest first, paged, per school', async () => {
    const sub = await buildAdmin(app, { permissions: ['setting'], username: 'cashier' });
    data(await as(admin).post('/admins/payadmins/add', { adminid: sub.id }));
    data(await settings({ timeout_hours: 12 }));
    type Trail = {
      total: number;
      list: {
        action: string;
        actor_name: string | null;
        subject_name: string | null;
        before: unknown;
        after: unknown;
      }[];
    };
    const trail = data<Trail>(await as(admin).get('/paysetting/audit'));
    const stored = await app.ctx.db.select().from(orderEvents);
    const kinds = ['paysetting.save', 'payadmin.add', 'payadmin.remove'];
    expect(trail.total).toBe(stored.filter((row) => kinds.includes(row.action)).length);
    expect(trail.list[0]).toMatchObject({ action: 'paysetting.save', after: { timeout_hours: 12 } });
    expect(trail.list[0]!.actor_name).toBeTruthy();
    expect(trail.list[1]).toMatchObject({
      action: 'payadmin.add',
      subject_name: 'cashier',
      before: { pay_admin: false },
      after: { pay_admin: true },
    });
    // Orders' own events are not settings.
    expect(trail.list.every((row) => kinds.includes(row.action))).toBe(true);
    const second = data<Trail>(await as(admin).get('/paysetting/audit?page=2&num=1'));
    expect(second.list[0]!.action).toBe('payadmin.add');
    expect((await as(admin).get('/paysetting/audit?num=0')).statusCode).toBe(400);
    expect(data<Trail>(await as(other.admin).get('/paysetting/audit'))).toEqual({ total: 0, list: [] });
  });
});
