import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { afterCommit } from '../../server/db/client';
import { makeApp, type TestApp } from '../helpers/app';
import { sqlGet, sqlRun } from '../helpers/sql';

/** afterCommit on either engine: work that must see a transaction's rows, and must not join it. */
describe('afterCommit', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await makeApp();
  });
  afterEach(() => app.close());

  const marker = () => sqlGet<{ value: string }>(app, "SELECT value FROM app_settings WHERE key = 'hook-marker'");

  it('runs once the transaction committed, given the transaction or the database; outside one at once', async () => {
    const seen: string[] = [];
    await app.ctx.db.transaction(async (tx) => {
      await sqlRun(app, "INSERT INTO app_settings (key, value) VALUES ('hook-marker', 'written')");
      afterCommit(tx, () => seen.push('tx'));
      afterCommit(app.ctx.db, () => seen.push('db'));
      await app.ctx.db.transaction(async (savepoint) => {
        afterCommit(savepoint, () => seen.push('savepoint'));
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['tx', 'db', 'savepoint']);
    expect(await marker()).toEqual({ value: 'written' });
    afterCommit(app.ctx.db, () => seen.push('outside'));
    expect(seen.at(-1)).toBe('outside');
  });

  it('never runs when the transaction rolls back', async () => {
    const seen: string[] = [];
    const failed = app.ctx.db.transaction(async (tx) => {
      await sqlRun(app, "INSERT INTO app_settings (key, value) VALUES ('hook-marker', 'undone')");
      afterCommit(tx, () => seen.push('tx'));
      throw new Error('roll back');
    });
    await expect(failed).rejects.toThrow('roll back');
    expect(seen).toEqual([]);
    expect(await marker()).toBeUndefined();
  });
});
