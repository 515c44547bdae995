/**
 * Orders paid offline over HTTP (issue 15 item 5): submitorde and its refusals, the pay page's calls,
 * confirming (one transaction, once: two at once give one grant), cancelling, expiry, renewal, columns and
 * membership plans, the student's list, pay administrators, for every role and another school. Money is
 * integer fen throughout. The back office's lists, export, invoices and settings: orders-office.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ORDER_ERRORS } from '../../shared/schemas/orders';
import {
  columnCourses,
  columns,
  courseGrants,
  courses,
  memberPlans,
  memberships,
  orderEvents,
  orders,
} from '../../server/db/schema';
import { closeOverdueOrders } from '../../server/modules/orders/order-state';
import { createSchool } from '../../server/modules/schools/schools.service';
import { buildAdmin, buildStudent, login, makeApp, school, type TestApp } from '../helpers/factories';
import { data, envelope, injectAs } from '../helpers/kit';
import { adminCookie, learnCourse, okCall, signedInStudent, type LearnCourse } from './records-helpers';
import { first } from '../../server/db/client';

const DAY = 86_400_000;
const HOUR = 3_600_000;

type Order = {
  orderid: string;
  status: string;
  amount_fen: number;
  price_fen: number;
  renew: boolean;
  deleted: boolean;
};
type Submitted = { order: Order; created: boolean };
type Detail = {
  order: Order & { paid_fen: number | null };
  events: { action: string; actor_kind: string }[];
  can_confirm: boolean;
};
type Info = {
  isbuy: boolean;
  courseStatus: number;
  renew: boolean;
  limitedDate: number | null;
  mainButton: { action: string };
};

describe('orders paid offline', () => {
  let app: TestApp;
  const clock = Date.UTC(2031, 4, 10, 4, 0, 0);
  let admin: string;
  let course: LearnCourse;
  let buyer: Awaited<ReturnType<typeof signedInStudent>>;
  let other: { admin: string; student: string };

  const as = (who: string | null) => injectAs(app, who);
  const submit = (who: string | null, payload: object) => as(who).post('/submitorde', payload);
  const order = async (who: string, payload: object) => data<Submitted>(await submit(who, payload));
  const confirm = (orderid: string, amount_fen: number, extra: object = {}, who: string = admin) =>
    as(who).post('/order/confirm', { orderid, amount_fen, way: 'transfer', trade_number: 'T-1', ...extra });
  const info = (cookie: string, coid: string) => okCall<Info>(app, 'GET', `/course/info/${coid}`, cookie);
  const settings = (payload: object, who: string = admin) =>
    as(who).post('/paysetting/save', {
      enabled: true,
      instructions: '<p>Bank 6222</p>',
      timeout_hours: 48,
      ...payload,
    });
  const grantsOf = async (ref: string) => await app.ctx.db.select().from(courseGrants).where(eq(courseGrants.ref, ref));

  beforeAll(async () => {
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    course = await learnCourse(app, admin, { title: 'Paid course', actual: 88.5, price: 120 });
    buyer = await signedInStudent(app, { username: 'buyer', name: '买家' });
    const theirs = await createSchool(app.ctx, { name: 'Other', adminUsername: 'o-admin', adminPassword: 'o-pass-12' });
    const stranger = await buildStudent(app, { schoolId: theirs.id, username: 'stranger' });
    other = {
      admin: (await login(app, { username: 'o-admin', password: 'o-pass-12', role: 'admin' })).cookie,
      student: (await login(app, { ...stranger, school: app.ctx.uidCodec.encode(theirs.id) })).cookie,
    };
  });
  afterAll(() => app.close());

  it('refuses the wrong people: guests 401, students on the back office 403, admins buying 403', async () => {
    const sub = await buildAdmin(app, { permissions: ['course'] });
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    const office: [string, string, object?][] = [
      ['GET', '/order/list'],
      ['GET', '/order/detail?orderid=203105100000000001'],
      ['POST', '/order/confirm', { orderid: '203105100000000001', amount_fen: 1, way: 'cash' }],
      ['POST', '/order/cancel', { orderid: '203105100000000001' }],
      ['GET', '/paysetting/get'],
      ['POST', '/paysetting/save', { enabled: true, instructions: '', timeout_hours: 1 }],
      ['GET', '/admins/payadminslist'],
      ['GET', '/paysetting/audit'],
      ['POST', '/admins/payadmins/add', { adminid: '1' }],
      ['GET', '/invoice/list'],
      ['POST', '/invoice/handle', { id: '1', status: 'issued' }],
      ['GET', '/order/export?format=csv'],
    ];
    for (const [method, url, payload] of office) {
      const send = (who: string | null) => as(who).inject({ method: method as 'GET', url, payload });
      expect((await send(null)).statusCode, url).toBe(401);
      expect((await send(buyer.cookie)).statusCode, url).toBe(403);
      expect((await send(subCookie)).statusCode, url).toBe(403);
    }
    const student: [string, string, object?][] = [
      ['GET', '/pay?orderid=203105100000000001'],
      ['GET', '/checkorder?orderid=203105100000000001'],
      ['GET', `/checkbuy?kind=course&id=${course.coid}`],
      ['GET', '/getorders'],
      ['POST', '/cancelorder', { orderid: '203105100000000001' }],
      ['POST', '/restoreorder', { orderid: '203105100000000001' }],
      ['POST', '/invoices/add', { orderid: '203105100000000001', kind: 'personal', title: 'x' }],
      ['GET', '/member/traderecord'],
      ['GET', '/wechat/queryorder'],
    ];
    for (const [method, url, payload] of student) {
      expect((await as(null).inject({ method: method as 'GET', url, payload })).statusCode, url).toBe(401);
    }
    expect((await submit(null, { kind: 'course', id: course.coid })).statusCode).toBe(401);
    const byAdmin = await submit(admin, { kind: 'course', id: course.coid });
    expect(byAdmin.statusCode).toBe(403);
    expect(envelope(byAdmin).error).toBe('studentOnly');
  });

  it('refuses ordering while the school takes no orders, a free course, another school and bad input', async () => {
    const closed = await submit(buyer.cookie, { kind: 'course', id: course.coid });
    expect(closed.statusCode).toBe(409);
    expect(envelope(closed).error).toBe(ORDER_ERRORS.paymentDisabled);
    data(await settings({}));
    const free = await learnCourse(app, admin, { title: 'Free', actual: 0 });
    const freeOrder = await submit(buyer.cookie, { kind: 'course', id: free.coid });
    expect(freeOrder.statusCode).toBe(400);
    expect(envelope(freeOrder).error).toBe(ORDER_ERRORS.free);
    expect((await submit(other.student, { kind: 'course', id: course.coid })).statusCode).toBe(404);
    expect((await submit(buyer.cookie, { kind: 'course', id: 'abc' })).statusCode).toBe(400);
    expect((await submit(buyer.cookie, { kind: 'book', id: course.coid })).statusCode).toBe(400);
    expect((await submit(buyer.cookie, { kind: 'course', id: '999999' })).statusCode).toBe(404);
    const { coid: draft } = await okCall<{ coid: string }>(app, 'POST', '/course/new', admin, {
      title: 'Draft',
      catid: '0',
      type: 0,
      actual: 10,
    });
    const unpublished = await submit(buyer.cookie, { kind: 'course', id: draft });
    expect(unpublished.statusCode).toBe(409);
    expect(envelope(unpublished).error).toBe(ORDER_ERRORS.notForSale);
    const grouped = await learnCourse(app, admin, { title: 'Grouped', actual: 10 });
    await app.ctx.db.update(courses).set({ authenticationGid: '123' }).where(eq(courses.id, grouped.coid));
    const outside = await submit(buyer.cookie, { kind: 'course', id: grouped.coid });
    expect(outside.statusCode).toBe(403);
    expect(envelope(outside).error).toBe('designatedGroup');
    const online = await as(buyer.cookie).get('/wechat/queryorder');
    expect(online.statusCode).toBe(409);
    expect(envelope(online).error).toBe(ORDER_ERRORS.onlineNotConfigured);
  });

  it('orders at the price of the moment, shows the pay page, returns the pending order', async () => {
    const first = await order(buyer.cookie, { kind: 'course', id: course.coid });
    expect(first.created).toBe(true);
    expect(first.order).toMatchObject({ status: 'pending', amount_fen: 8850, price_fen: 12000, renew: false });
    expect(first.order.orderid).toMatch(/^20310510\d{10}$/);
    const again = await order(buyer.cookie, { kind: 'course', id: course.coid });
    expect(again).toMatchObject({ created: false, order: { orderid: first.order.orderid } });
    const pay = data<{ order: Order; instructions: string; price_changed: boolean; online: boolean }>(
      await as(buyer.cookie).get(`/pay?orderid=${first.order.orderid}`),
    );
    expect(pay).toMatchObject({ instructions: '<p>Bank 6222</p>', price_changed: false, online: false });
    expect((await as(other.student).get(`/pay?orderid=${first.order.orderid}`)).statusCode).toBe(404);
    expect((await as(other.admin).get(`/order/detail?orderid=${first.order.orderid}`)).statusCode).toBe(404);
    expect(
      data<{ status: string }>(await as(buyer.cookie).get(`/checkorder?orderid=${first.order.orderid}`)).status,
    ).toBe('pending');
    expect((await info(buyer.cookie, course.coid)).mainButton.action).toBe('buy');
  });

  it('confirms once: two confirmations at once give one grant and one confirm event; the student studies', async () => {
    const { order: o } = await order(buyer.cookie, { kind: 'course', id: course.coid });
    const noNote = await confirm(o.orderid, 8000);
    expect(noNote.statusCode).toBe(400);
    expect(envelope(noNote).error).toBe(ORDER_ERRORS.noteRequired);
    expect((await confirm(o.orderid, 0)).statusCode).toBe(400);
    const sub = await buildAdmin(app, { permissions: ['setting'] });
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    const notListed = await confirm(o.orderid, 8850, {}, subCookie);
    expect(notListed.statusCode).toBe(403);
    expect(envelope(notListed).error).toBe(ORDER_ERRORS.notPayAdmin);
    expect(
      (await as(other.admin).post('/order/confirm', { orderid: o.orderid, amount_fen: 8850, way: 'cash' })).statusCode,
    ).toBe(404);
    const [a, b] = await Promise.all([confirm(o.orderid, 8850), confirm(o.orderid, 8850)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await grantsOf(o.orderid)).toHaveLength(1);
    // Issue 16: the grant's notice commits with it: one, not two.
    const notices = data<{ list: { kind: string; params: { title: string } }[] }>(
      await as(buyer.cookie).get('/notice/list'),
    );
    expect(notices.list.filter((n) => n.kind === 'course.granted')).toHaveLength(1);
    const events = await app.ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.orderid));
    expect(events.filter((event) => event.action === 'confirm')).toHaveLength(1);
    const detail = data<Detail>(await as(admin).get(`/order/detail?orderid=${o.orderid}`));
    expect(detail.order).toMatchObject({ status: 'paid', paid_fen: 8850 });
    expect(detail.events.map((event) => event.action)).toEqual(['create', 'confirm']);
    expect(data<{ status: string }>(await as(buyer.cookie).get(`/checkorder?orderid=${o.orderid}`)).status).toBe(
      'paid',
    );
    expect(data<{ isbuy: boolean }>(await as(buyer.cookie).get(`/checkbuy?kind=course&id=${course.coid}`)).isbuy).toBe(
      true,
    );
    expect((await info(buyer.cookie, course.coid)).mainButton.action).toBe('start');
    const held = await submit(buyer.cookie, { kind: 'course', id: course.coid });
    expect(held.statusCode).toBe(409);
    expect(envelope(held)).toMatchObject({ error: ORDER_ERRORS.alreadyHeld, data: { renewable: false } });
    const twice = await confirm(o.orderid, 8850);
    expect(twice.statusCode).toBe(409);
    expect(await grantsOf(o.orderid)).toHaveLength(1);
  });

  it('a pay administrator confirms; a price changed since the order refuses confirming', async () => {
    const sub = await buildAdmin(app, { permissions: ['setting'] });
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    const listed = data<{ list: { id: string; pay_admin: boolean }[]; can_change: boolean }>(
      await as(admin).post('/admins/payadmins/add', { adminid: sub.id }),
    );
    expect(listed.list.find((row) => row.id === sub.id)?.pay_admin).toBe(true);
    expect((await as(subCookie).post('/admins/payadmins/add', { adminid: sub.id })).statusCode).toBe(403);
    const student = await signedInStudent(app, { username: 'changer' });
    const c = await learnCourse(app, admin, { title: 'Changing', actual: 20 });
    const { order: o } = await order(student.cookie, { kind: 'course', id: c.coid });
    await app.ctx.db.update(courses).set({ actualFen: 2500 }).where(eq(courses.id, c.coid));
    const pay = data<{ price_changed: boolean }>(await as(student.cookie).get(`/pay?orderid=${o.orderid}`));
    expect(pay.price_changed).toBe(true);
    const refused = await confirm(o.orderid, 2000, {}, subCookie);
    expect(refused.statusCode).toBe(409);
    expect(envelope(refused).error).toBe(ORDER_ERRORS.priceChanged);
    const fresh = await order(student.cookie, { kind: 'course', id: c.coid });
    expect(fresh.created).toBe(true);
    expect(fresh.order.amount_fen).toBe(2500);
    expect(data<{ status: string }>(await as(student.cookie).get(`/checkorder?orderid=${o.orderid}`)).status).toBe(
      'closed',
    );
    expect(data<Detail>(await confirm(fresh.order.orderid, 2500, {}, subCookie)).order.status).toBe('paid');
    data(await as(admin).post('/admins/payadmins/remove', { adminid: sub.id }));
    expect((await confirm(fresh.order.orderid, 2500, {}, subCookie)).statusCode).toBe(403);
    const { order: pending } = await order(student.cookie, { kind: 'course', id: course.coid });
    const cancel = await as(subCookie).post('/order/cancel', { orderid: pending.orderid });
    expect(cancel.statusCode).toBe(403);
    expect(data<Order>(await as(student.cookie).get(`/checkorder?orderid=${pending.orderid}`)).status).toBe('pending');
  });

  it('cancels (student and admin), closes on expiry, deletes and restores list entries', async () => {
    const student = await signedInStudent(app, { username: 'canceller' });
    const { order: mine } = await order(student.cookie, { kind: 'course', id: course.coid });
    expect(data<Order>(await as(student.cookie).post('/cancelorder', { orderid: mine.orderid })).status).toBe(
      'cancelled',
    );
    expect((await as(student.cookie).post('/cancelorder', { orderid: mine.orderid })).statusCode).toBe(409);
    expect((await confirm(mine.orderid, 8850)).statusCode).toBe(409);
    const { order: second } = await order(student.cookie, { kind: 'course', id: course.coid });
    expect((await as(student.cookie).post('/deleteorder', { orderid: second.orderid })).statusCode).toBe(409);
    const cancelled = data<Detail>(await as(admin).post('/order/cancel', { orderid: second.orderid, note: 'asked' }));
    expect(cancelled.order.status).toBe('cancelled');
    const { order: third } = await order(student.cookie, { kind: 'course', id: course.coid });
    // Its payment time runs out (the test moves the expiry, not the clock: sessions would end too).
    await app.ctx.db
      .update(orders)
      .set({ expiresAt: clock - HOUR })
      .where(eq(orders.id, third.orderid));
    expect(await closeOverdueOrders(app.ctx)).toBe(1);
    const row = first(await app.ctx.db.select().from(orders).where(eq(orders.id, third.orderid)));
    expect(row).toMatchObject({ status: 'closed', closedBy: null });
    expect(data<{ status: string }>(await as(student.cookie).get(`/checkorder?orderid=${third.orderid}`)).status).toBe(
      'closed',
    );
    expect((await confirm(third.orderid, 8850)).statusCode).toBe(409);
    expect(data<Order>(await as(student.cookie).post('/deleteorder', { orderid: mine.orderid })).deleted).toBe(true);
    const visible = data<{ total: number; list: Order[] }>(await as(student.cookie).get('/getorders'));
    expect(visible.list.map((row) => row.orderid)).not.toContain(mine.orderid);
    const deleted = data<{ total: number; list: Order[] }>(await as(student.cookie).get('/getorders?deleted=1'));
    expect(deleted.list.map((row) => row.orderid)).toEqual([mine.orderid]);
    expect(data<Order>(await as(student.cookie).post('/restoreorder', { orderid: mine.orderid })).deleted).toBe(false);
    expect(data<{ total: number }>(await as(student.cookie).get('/getorders')).total).toBe(3);
    expect((await as(buyer.cookie).post('/restoreorder', { orderid: mine.orderid })).statusCode).toBe(404);
  });

  it('renews a held renewable course from its end; an expired one is bought again', async () => {
    const days = await learnCourse(app, admin, { title: 'Days', actual: 30, ce_type: 1, ce_time: 10 });
    const student = await signedInStudent(app, { username: 'renewer' });
    const { order: first } = await order(student.cookie, { kind: 'course', id: days.coid });
    data(await confirm(first.orderid, 3000));
    const held = await info(student.cookie, days.coid);
    expect(held.renew).toBe(true);
    const end = held.limitedDate as number;
    const notRenew = await submit(student.cookie, { kind: 'course', id: days.coid });
    expect(envelope(notRenew)).toMatchObject({ error: ORDER_ERRORS.alreadyHeld, data: { renewable: true } });
    const { order: renewal } = await order(student.cookie, { kind: 'course', id: days.coid, renew: true });
    expect(renewal.renew).toBe(true);
    data(await confirm(renewal.orderid, 3000));
    expect((await grantsOf(renewal.orderid))[0].expiresAt).toBe(end + 10 * DAY);
    expect((await info(student.cookie, days.coid)).limitedDate).toBe(end + 10 * DAY);
    // Both ways of holding it run out.
    for (const ref of [first.orderid, renewal.orderid])
      await app.ctx.db
        .update(courseGrants)
        .set({ createdAt: clock - 40 * DAY, expiresAt: clock - DAY })
        .where(eq(courseGrants.ref, ref));
    expect((await info(student.cookie, days.coid)).mainButton.action).toBe('buy');
    const again = await order(student.cookie, { kind: 'course', id: days.coid });
    expect(again.order.renew).toBe(false);
    const perm = await submit(buyer.cookie, { kind: 'course', id: course.coid, renew: true });
    expect(envelope(perm).error).toBe(ORDER_ERRORS.notRenewable);
  });

  it('a column: its discount, an order that gives its courses and the subscription; a membership plan', async () => {
    const schoolId = (await school(app)).id;
    const a = await learnCourse(app, admin, { title: 'A', actual: 40 });
    const b = await learnCourse(app, admin, { title: 'B', actual: 60 });
    const columnId = app.ctx.ids.next();
    const now = clock;
    await app.ctx.db.insert(columns).values({
      id: columnId,
      schoolId,
      title: 'Bundle',
      actualFen: 8000,
      priceFen: 10000,
      published: true,
      createdAt: now,
      updatedAt: now,
    });
    await app.ctx.db.insert(columnCourses).values([
      { columnId, courseId: a.coid, position: 0 },
      { columnId, courseId: b.coid, position: 1 },
    ]);
    const discount = data<{ sum_fen: number; saved_fen: number; tenths: number }>(
      await as(null).get(`/columndiscount?id=${columnId}`),
    );
    expect(discount).toMatchObject({ sum_fen: 10000, saved_fen: 2000, tenths: 8 });
    const student = await signedInStudent(app, { username: 'columnist' });
    const { order: o } = await order(student.cookie, { kind: 'column', id: columnId });
    expect(o.amount_fen).toBe(8000);
    data(await confirm(o.orderid, 8000));
    expect(data<{ isbuy: boolean }>(await as(student.cookie).get(`/checkbuy?kind=column&id=${columnId}`)).isbuy).toBe(
      true,
    );
    expect((await info(student.cookie, b.coid)).mainButton.action).toBe('start');
    const column = await okCall<{ buy: { isBook: boolean; infinite: boolean } }>(
      app,
      'GET',
      `/column/info/${columnId}`,
      student.cookie,
    );
    expect(column.buy).toMatchObject({ isBook: true, infinite: true });
    expect((await submit(student.cookie, { kind: 'column', id: columnId })).statusCode).toBe(409);

    const planId = app.ctx.ids.next();
    await app.ctx.db.insert(memberPlans).values({
      id: planId,
      schoolId,
      title: 'Gold',
      priceFen: 19900,
      days: 30,
      published: true,
      createdAt: now,
      updatedAt: now,
    });
    expect(data<{ held: boolean }>(await as(student.cookie).get(`/checkplan?planid=${planId}`)).held).toBe(false);
    const member = data<Submitted>(await as(student.cookie).post('/member/pay', { planid: planId }));
    expect(member.order).toMatchObject({ amount_fen: 19900, status: 'pending' });
    data(await confirm(member.order.orderid, 19900));
    const plan = data<{ held: boolean; until: number }>(await as(student.cookie).get(`/checkplan?planid=${planId}`));
    expect(plan).toMatchObject({ held: true, until: clock + 30 * DAY });
    expect(await app.ctx.db.select().from(memberships).where(eq(memberships.ref, member.order.orderid))).toHaveLength(
      1,
    );
    const trades = data<{ total: number; list: Order[] }>(await as(student.cookie).get('/member/traderecord'));
    expect(trades.list.map((row) => row.orderid)).toEqual([member.order.orderid]);
    // Another school's student sees none of it; an unpublished plan or column is not for sale.
    expect((await as(other.student).get(`/checkplan?planid=${planId}`)).statusCode).toBe(404);
    expect((await as(other.student).get(`/checkbuy?kind=column&id=${columnId}`)).statusCode).toBe(404);
    expect((await as(other.student).post('/member/pay', { planid: planId })).statusCode).toBe(404);
    await app.ctx.db.update(memberPlans).set({ published: false }).where(eq(memberPlans.id, planId));
    const hidden = await as(student.cookie).post('/member/pay', { planid: planId });
    expect(envelope(hidden)).toMatchObject({ error: ORDER_ERRORS.notForSale });
    await app.ctx.db.update(columns).set({ published: false }).where(eq(columns.id, columnId));
    expect((await as(null).get(`/columndiscount?id=${columnId}`)).statusCode).toBe(404);
    const invoiceOfOther = await as(other.student).post('/invoices/add', {
      orderid: member.order.orderid,
      kind: 'personal',
      title: 'x',
    });
    expect(invoiceOfOther.statusCode).toBe(404);
  });
});
