import { eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { affected, type Database, driverError, openDatabase, sqlRows } from '../../server/db/client';
import { appSettings } from '../../server/db/schema';

/**
 * The asynchronous data layer on SQLite (server/db/sqlite-async.ts): one connection, transactions whose
 * callbacks await their statements, and statements of other requests kept out of them.
 */
describe('the asynchronous SQLite layer', () => {
  let db: Database;
  let close: () => void;

  beforeEach(async () => {
    const opened = await openDatabase(':memory:');
    db = opened.db;
    close = () => opened.sqlite!.close();
  });
  afterEach(() => close());

  const settingOf = async (key: string) =>
    (await db.select().from(appSettings).where(eq(appSettings.key, key)))[0]?.value;
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it("another request's statements wait for an open transaction: they neither see nor join it", async () => {
    let inserted!: () => void;
    let finish!: () => void;
    const rolledBack = db.transaction(async (tx) => {
      await tx.insert(appSettings).values({ key: 'draft', value: 'uncommitted' });
      inserted();
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      throw new Error('roll back');
    });
    await new Promise<void>((resolve) => {
      inserted = resolve;
    });
    // Another request, while the transaction is open.
    let seen: string | undefined = 'not read';
    const reading = (async () => {
      seen = await settingOf('draft');
      await db.insert(appSettings).values({ key: 'other', value: 'kept' });
    })();
    await turn();
    expect(seen).toBe('not read');
    finish();
    await expect(rolledBack).rejects.toThrow('roll back');
    await reading;
    expect(seen).toBeUndefined();
    expect(await settingOf('draft')).toBeUndefined();
    expect(await settingOf('other')).toBe('kept');
  });

  it('transactions take turns: concurrent read-modify-writes lose nothing', async () => {
    await db.insert(appSettings).values({ key: 'n', value: '0' });
    const bump = () =>
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(appSettings).where(eq(appSettings.key, 'n'));
        await turn();
        await tx
          .update(appSettings)
          .set({ value: String(Number(row.value) + 1) })
          .where(eq(appSettings.key, 'n'));
      });
    await Promise.all([bump(), bump(), bump()]);
    expect(await settingOf('n')).toBe('3');
  });

  it('a transaction begun on db inside another is a savepoint of it; one begun after it ends is its own', async () => {
    let later: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.insert(appSettings).values({ key: 'outer', value: '1' });
      await expect(
        db.transaction(async (inner) => {
          await inner.insert(appSettings).values({ key: 'inner', value: '1' });
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
      // Work the transaction started that goes on after it (a timer): it begins a transaction of its own.
      later = new Promise((resolve) => setTimeout(resolve, 0)).then(() =>
        db.transaction(async (own) => own.insert(appSettings).values({ key: 'after', value: '1' })),
      );
    });
    await later;
    expect(await settingOf('outer')).toBe('1');
    expect(await settingOf('inner')).toBeUndefined();
    expect(await settingOf('after')).toBe('1');
  });

  it('writes answer the rows they changed, raw queries answer objects, driver errors come out whole', async () => {
    await db.insert(appSettings).values([
      { key: 'a', value: '1' },
      { key: 'b', value: '2' },
    ]);
    expect(
      affected(
        await db
          .update(appSettings)
          .set({ value: '9' })
          .where(inArray(appSettings.key, ['a', 'b'])),
      ),
    ).toBe(2);
    expect(affected(await db.delete(appSettings).where(eq(appSettings.key, 'none')))).toBe(0);
    expect(await sqlRows(db, sql`select key, value from app_settings where key in ('a', 'b') order by key`)).toEqual([
      { key: 'a', value: '9' },
      { key: 'b', value: '9' },
    ]);
    const error = await db
      .insert(appSettings)
      .values({ key: 'a', value: 'again' })
      .catch((thrown: unknown) => thrown);
    expect((driverError(error) as { code?: string }).code).toBe('SQLITE_CONSTRAINT_PRIMARYKEY');
    expect(String(driverError(error))).not.toContain('insert into');
  });
});
