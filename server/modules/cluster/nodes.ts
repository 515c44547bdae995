/**
 * Several app nodes on one PostgreSQL database (issue 20 'the jobs that must run once'). Each node says it is
 * alive every NODE_BEAT_MS (node_leases 'node:{id}', valid NODE_TTL_MS, by the database's clock), and one of
 * them holds the 'leader' lease: the scheduled sweeps (exam deadlines, overdue orders, expiry notices, the
 * LDAP schedule, the purges, the object store's sweep) run on the leader only, and the leader gives a dead
 * node's work back: its conversions and messages are queued again, its LDAP sync is marked failed. A node
 * that stops gives up its leases, so another leads at its next beat; one that dies is replaced once its
 * lease runs out.
 *
 * Work in progress carries the node doing it (media_jobs, inform_queue and ldap_runs.node). On SQLite one
 * process owns the database: it always leads, and at start everything left in progress was a stopped
 * process's.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { isNull, notInArray, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { execute, sqlRows, type Db } from '../../db/client';

/** How often a node says it is alive, and how long that holds. */
export const NODE_BEAT_MS = 5_000;
export const NODE_TTL_MS = 20_000;

const DB_NOW = sql.raw('(extract(epoch from clock_timestamp()) * 1000)::bigint');

/** A dead node's work given back, by its module (the nodes alive: their work stays; null: all of it goes back). */
export type Recovery = (ctx: AppContext, alive: string[] | null) => Promise<unknown>;
const recoveries: Recovery[] = [];

/** Registers how a kind of work goes back when its node is dead (at import time, by its module). */
export function onNodeDead(recovery: Recovery): void {
  recoveries.push(recovery);
}

export class Nodes {
  /** This process among the nodes (a restarted process is a new node). */
  readonly id: string;
  /** Until when (this process's clock) this node may act as the leader; SQLite: always. */
  private leaderUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;

  constructor(private readonly ctx: AppContext) {
    this.id = ctx.node;
  }

  private get single(): boolean {
    return this.ctx.sqlite !== null;
  }

  /** Whether the scheduled sweeps run here now. */
  get leader(): boolean {
    return this.single || Date.now() < this.leaderUntil;
  }

  /** At start (PostgreSQL): the first beat, then one every NODE_BEAT_MS. */
  async start(): Promise<void> {
    if (this.single || this.timer) return;
    await this.beat();
    this.timer = setInterval(() => void this.beat(), NODE_BEAT_MS);
    this.timer.unref();
  }

  /**
   * Says this node is alive, takes or keeps the leader's lease, and as the leader gives dead nodes' work back
   * (PostgreSQL). Beats never overlap; a failed one is logged and the next tries again.
   */
  beat(): Promise<void> {
    this.beating ??= this.beatOnce()
      .catch((error) => this.ctx.log.warn({ err: error }, 'nodes: a beat failed'))
      .finally(() => (this.beating = null));
    return this.beating;
  }

  private async beatOnce(): Promise<void> {
    const { db } = this.ctx;
    const started = Date.now();
    await execute(
      db,
      sql`INSERT INTO node_leases (name, node, until) VALUES (${`node:${this.id}`}, ${this.id}, ${DB_NOW} + ${NODE_TTL_MS})
        ON CONFLICT (name) DO UPDATE SET until = excluded.until`,
    );
    // The worker number (claimWorkerId) stays this node's while it beats.
    const kept = await execute(
      db,
      sql`UPDATE node_leases SET until = ${DB_NOW} + ${NODE_TTL_MS} WHERE node = ${this.id} AND name LIKE 'worker:%'`,
    );
    if (kept === 0 && this.ctx.config.WORKER_ID === undefined)
      this.ctx.log.error('nodes: this node lost its worker number (it did not beat for too long); restart it');
    const led = await sqlRows(
      db,
      sql`INSERT INTO node_leases AS l (name, node, until) VALUES ('leader', ${this.id}, ${DB_NOW} + ${NODE_TTL_MS})
        ON CONFLICT (name) DO UPDATE SET node = excluded.node, until = excluded.until
        WHERE l.node = excluded.node OR l.until < ${DB_NOW}
        RETURNING l.node`,
    );
    // Counted from before the statements: the lease surely holds that long.
    this.leaderUntil = led.length > 0 ? started + NODE_TTL_MS - NODE_BEAT_MS : 0;
    if (!this.leader) return;
    const alive = await this.alive();
    for (const recovery of recoveries) await recovery(this.ctx, alive);
    await execute(db, sql`DELETE FROM node_leases WHERE name LIKE 'node:%' AND until < ${DB_NOW} - ${NODE_TTL_MS}`);
  }

  /**
   * The nodes alive now, whose work in progress stays theirs; null on SQLite, where at start all of it was a
   * stopped process's.
   */
  async alive(): Promise<string[] | null> {
    if (this.single) return null;
    const rows = await sqlRows<{ node: string }>(
      this.ctx.db,
      sql`SELECT node FROM node_leases WHERE name LIKE 'node:%' AND until >= ${DB_NOW}`,
    );
    return rows.map((row) => row.node).filter((node) => !goneFromThisHost(node));
  }

  /** At close (before the database closes): this node's leases go, so another node leads at once. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.single) return;
    await this.beating;
    this.leaderUntil = 0;
    await execute(this.ctx.db, sql`DELETE FROM node_leases WHERE node = ${this.id}`);
  }
}

/**
 * A worker number (snowflake ids, 0-31) that no live node holds, taken for this node before its first id:
 * the lease 'worker:{datacenter}:{n}' is free or ran out (its node stopped beating NODE_TTL_MS ago, long
 * after its last id). Throws when 32 live nodes hold them all.
 */
export async function claimWorkerId(db: Db, node: string, datacenter: number): Promise<number> {
  for (let n = 0; n <= 31; n++) {
    const taken = await sqlRows(
      db,
      sql`INSERT INTO node_leases AS l (name, node, until)
        VALUES (${`worker:${datacenter}:${n}`}, ${node}, ${DB_NOW} + ${NODE_TTL_MS})
        ON CONFLICT (name) DO UPDATE SET node = excluded.node, until = excluded.until WHERE l.until < ${DB_NOW}
        RETURNING l.node`,
    );
    if (taken.length > 0) return n;
  }
  throw new Error(
    'nodes: every worker number (0-31) is held by a live node; give this one WORKER_ID and DATACENTER_ID',
  );
}

/** This process's start (ms), part of its nodes' ids. */
const processStart = Math.round(performance.timeOrigin);

/**
 * A new node's id: this machine, this process and its start, and a random part (two apps in one process are two
 * nodes). A node's lease outlives a killed process by up to NODE_TTL_MS; its id lets a node restarted on the
 * same machine see at once that the process is gone (goneFromThisHost), and take its work back without waiting.
 */
export const newNodeId = (): string => `${os.hostname()}/${process.pid}/${processStart}/${randomUUID()}`;

/** Whether a node ran on this machine in a process that is gone (same pid and another start: a restarted container). */
function goneFromThisHost(node: string): boolean {
  const [host, pid, started] = node.split('/');
  if (host !== os.hostname() || !pid || !started) return false;
  if (Number(pid) === process.pid) return Number(started) !== processStart;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

const all = new WeakMap<AppContext, Nodes>();

/** The app's place among the nodes (one per app). */
export function nodes(ctx: AppContext): Nodes {
  let found = all.get(ctx);
  if (!found) all.set(ctx, (found = new Nodes(ctx)));
  return found;
}

/** Whether this node runs the scheduled sweeps now (always on SQLite). */
export const leads = (ctx: AppContext): boolean => nodes(ctx).leader;

/** This node's id, written on the work it takes. */
export const nodeId = (ctx: AppContext): string => nodes(ctx).id;

/** The rows of work in progress whose node is not alive (every one when alive is null: SQLite's start). */
export function ofDeadNodes(node: Column, alive: readonly string[] | null): SQL | undefined {
  if (alive === null) return undefined;
  return alive.length ? or(isNull(node), notInArray(node, [...alive])) : undefined;
}
