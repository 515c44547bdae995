/**
 * What an order buys, read as the order rules need it: a course (its head, for the access policy), a column or a
 * membership plan; its school, title, whether it is for sale now and its price now (shared/rules/order-price).
 */
import { orderPrice, type OrderKind, type OrderPrice } from '../../../shared/rules/order-price';
import { ORDER_ERRORS } from '../../../shared/schemas/orders';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { courseHead, type CourseHead } from '../courses/catalogue.repository';
import * as repo from './orders.repository';

export interface OrderItem {
  kind: OrderKind;
  id: string;
  schoolId: string;
  title: string;
  /** Published and not deleted. */
  forSale: boolean;
  price: OrderPrice;
  /** The groups that may buy it (a course's authentication_gid; '' all). */
  authenticationGid: string;
  /** A course's head (the access policy reads it). */
  course: CourseHead | null;
  /** A membership plan's days. */
  days: number;
}

/** The item, or null when there is none (deleted rows count: forSale false). */
export async function findItem(ctx: AppContext, kind: OrderKind, id: string): Promise<OrderItem | null> {
  if (kind === 'course') {
    const head = await courseHead(ctx.db, id);
    const row = head ? await repo.findCourseItem(ctx.db, id) : undefined;
    if (!head || !row) return null;
    return {
      kind,
      id,
      schoolId: head.schoolId,
      title: row.title,
      forSale: head.published && !head.deleted,
      price: orderPrice(head),
      authenticationGid: head.authenticationGid,
      course: head,
      days: 0,
    };
  }
  if (kind === 'column') {
    const row = await repo.findColumnItem(ctx.db, id);
    if (!row) return null;
    const { schoolId, title, published, deleted } = row;
    const forSale = published && !deleted;
    return { kind, id, schoolId, title, forSale, price: orderPrice(row), authenticationGid: '', course: null, days: 0 };
  }
  const plan = await repo.findPlanItem(ctx.db, id);
  if (!plan) return null;
  return {
    kind,
    id,
    schoolId: plan.schoolId,
    title: plan.title,
    forSale: plan.published && !plan.deleted,
    price: orderPrice({ actualFen: plan.priceFen, priceFen: plan.priceFen }),
    authenticationGid: '',
    course: null,
    days: plan.days,
  };
}

/** The item of the student's school, or 404 (another school's item looks like none). */
export async function schoolItem(ctx: AppContext, schoolId: string, kind: OrderKind, id: string): Promise<OrderItem> {
  const item = await findItem(ctx, kind, id);
  if (!item || item.schoolId !== schoolId) throw notFound(ORDER_ERRORS.notFound.replace('order', kind));
  return item;
}
