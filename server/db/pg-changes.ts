import { createHash } from 'node:crypto';
import pg from 'pg';
import { ChangeFeed, watchedTables } from './changes';

/** The NOTIFY channel every watched row change is told on: payload '{table or update channel} {key}'. */
const CHANNEL = 'lanxue_rows';

/**
 * The watched tables' triggers (created or replaced at every start, under an advisory lock so two nodes
 * starting together do not collide): each change of a watched row is a NOTIFY, delivered once the
 * transaction commits, to every node listening, this one included.
 */
const triggersSql = (): string => {
  const triggers = watchedTables().map(({ table, column, updates }) => {
    const args = updates ? `'${column}', '${updates}'` : `'${column}'`;
    return `CREATE OR REPLACE TRIGGER lanxue_changed AFTER INSERT OR UPDATE OR DELETE ON "${table}"
      FOR EACH ROW EXECUTE FUNCTION lanxue_row_changed(${args});`;
  });
  return `
    SELECT pg_advisory_xact_lock(hashtext('lanxue_row_changed'));
    CREATE OR REPLACE FUNCTION lanxue_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND TG_NARGS > 1 THEN
        PERFORM pg_notify('${CHANNEL}', TG_ARGV[1] || ' ' || coalesce(to_jsonb(NEW) ->> TG_ARGV[0], ''));
        RETURN NULL;
      END IF;
      IF TG_OP <> 'INSERT' THEN
        PERFORM pg_notify('${CHANNEL}', TG_TABLE_NAME || ' ' || coalesce(to_jsonb(OLD) ->> TG_ARGV[0], ''));
      END IF;
      IF TG_OP <> 'DELETE' THEN
        PERFORM pg_notify('${CHANNEL}', TG_TABLE_NAME || ' ' || coalesce(to_jsonb(NEW) ->> TG_ARGV[0], ''));
      END IF;
      RETURN NULL;
    END $$;
    ${triggers.join('\n')}`;
};

/**
 * Creates the triggers unless the database has these very ones: the function's comment holds a digest of
 * the SQL that made them (a start after an upgrade that watches other tables makes them again).
 */
async function installTriggers(client: pg.Client): Promise<void> {
  const text = triggersSql();
  const digest = createHash('sha256').update(text).digest('hex');
  const found = await client.query(
    "SELECT obj_description(oid, 'pg_proc') AS digest FROM pg_proc WHERE proname = 'lanxue_row_changed'",
  );
  if (found.rows[0]?.digest === digest) return;
  await client.query(`BEGIN; ${text}; COMMENT ON FUNCTION lanxue_row_changed() IS '${digest}'; COMMIT;`);
}

/**
 * PostgreSQL: row changes come by LISTEN/NOTIFY on a connection of their own, from this node's writes and
 * every other node's alike. A write waits for catchUp() before its caller goes on (./postgres.ts afterWrite):
 * a query on the listening connection answers only after the notifications sent to it before, so this
 * node's caches have forgotten what it wrote before it answers anyone.
 */
export class PgChangeFeed extends ChangeFeed {
  /** Whether the calling code runs inside a transaction (./postgres.ts tells, once the pool is open). */
  insideTransaction: () => boolean = () => false;

  private constructor(private readonly listener: pg.Client) {
    super();
  }

  static async open(url: string): Promise<PgChangeFeed> {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    await installTriggers(listener);
    const feed = new PgChangeFeed(listener);
    listener.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const space = message.payload.indexOf(' ');
      feed.report(message.payload.slice(0, space), message.payload.slice(space + 1));
    });
    listener.on('error', () => {});
    await listener.query(`LISTEN ${CHANNEL}`);
    return feed;
  }

  /** Announcements sent and not yet answered. */
  private readonly sending = new Set<Promise<unknown>>();

  override announce(channel: 'catalogue', key: string): void {
    const sent = this.listener.query('SELECT pg_notify($1, $2)', [CHANNEL, `${channel} ${key}`]).catch(() => undefined);
    this.sending.add(sent);
    void sent.finally(() => this.sending.delete(sent));
  }

  override announced(): Promise<void> | null {
    return this.sending.size === 0 ? null : Promise.all(this.sending).then(() => undefined);
  }

  /** The round trip not yet sent (callers waiting share it), and the one under way. */
  private next: Promise<void> | null = null;
  private running: Promise<void> = Promise.resolve();

  /** Resolves once every notification committed before the call has been reported. */
  override catchUp(): Promise<void> {
    this.next ??= this.running.then(() => {
      this.next = null;
      this.running = this.listener.query('SELECT 1').then(
        () => undefined,
        () => undefined,
      );
      return this.running;
    });
    return this.next;
  }

  /** What code inside a transaction reads may be rolled back (its reads through ctx.db join it). */
  get inTransaction(): boolean {
    return this.insideTransaction();
  }

  override async close(): Promise<void> {
    await this.listener.end();
  }
}
