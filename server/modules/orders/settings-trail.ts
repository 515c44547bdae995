/**
 * A school's settings trail (issue 15 'Every money and grant change is audited ... and visible in the back
 * office'): the order_events rows that record a change of settings rather than of an order — payment settings
 * (paysetting.save), who may confirm payments (payadmin.add, payadmin.remove; the row's orderId is that
 * administrator) and the point rules (points.rules) — newest first, a page at a time, with who did it and,
 * for a pay administrator change, whom it was about.
 */
import { alias } from 'drizzle-orm/sqlite-core';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { SettingsTrail } from '../../../shared/schemas/orders';
import type { AppContext } from '../../context';
import { admins, orderEvents } from '../../db/schema';
import { first } from '../../db/client';

export const PAY_SETTING_ACTIONS = ['paysetting.save', 'payadmin.add', 'payadmin.remove'] as const;
export const POINT_RULE_ACTIONS = ['points.rules'] as const;

const parse = (text: string | null): unknown => (text ? JSON.parse(text) : null);

/** One page of the school's trail of these actions. */
export async function settingsTrail(
  ctx: AppContext,
  schoolId: string,
  actions: readonly string[],
  page: { page: number; num: number },
): Promise<SettingsTrail> {
  const where = and(eq(orderEvents.schoolId, schoolId), inArray(orderEvents.action, [...actions]));
  const total = first(await ctx.db.select({ n: count() }).from(orderEvents).where(where))?.n ?? 0;
  const subject = alias(admins, 'subject');
  const rows = await ctx.db
    .select({
      id: orderEvents.id,
      action: orderEvents.action,
      actorId: orderEvents.actorId,
      actorName: admins.name,
      subjectName: subject.name,
      before: orderEvents.before,
      after: orderEvents.after,
      at: orderEvents.at,
    })
    .from(orderEvents)
    .leftJoin(admins, eq(admins.id, orderEvents.actorId))
    .leftJoin(subject, and(eq(subject.id, orderEvents.orderId), eq(subject.schoolId, schoolId)))
    .where(where)
    .orderBy(desc(orderEvents.at), desc(orderEvents.id))
    .limit(page.num)
    .offset((page.page - 1) * page.num);
  return {
    total,
    list: rows.map((row) => ({
      id: row.id,
      action: row.action,
      actor_kind: 'admin' as const,
      actor_id: row.actorId,
      actor_name: row.actorName,
      subject_name: row.subjectName,
      before: parse(row.before),
      after: parse(row.after),
      at: row.at,
    })),
  };
}
