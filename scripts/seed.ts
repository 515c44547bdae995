// npm run db:seed: on an empty database, creates the first school with the demo people, as a development start does.
import { loadConfig } from '../server/config';
import { buildApp } from '../server/app';
import { DEMO_LOGINS } from '../server/demo/demo';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../server/db/client';

const config = loadConfig({ ...process.env, DEMO_DATA: '1' });
const app = await buildApp(config, { logger: { level: 'warn' } });
const [count] = await sqlRows<{ n: number }>(app.ctx.db, sql`select count(*) as n from students`);
await app.close();
console.log(
  (count?.n ?? 0) > 0
    ? `database ${config.databaseFile} has ${count?.n} students`
    : 'the database already had a school: nothing seeded',
);
console.log(
  'demo logins:',
  Object.values(DEMO_LOGINS)
    .map((l) => `${l.username}/${l.password}`)
    .join(', '),
);
