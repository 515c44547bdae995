import { defineConfig } from 'drizzle-kit';

// The tables are built for the engine DATABASE_URL names (server/db/schema/dialect.ts): PostgreSQL's here.
// Generating needs no server; a placeholder address only picks the engine.
if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? ''))
  process.env.DATABASE_URL = 'postgres://localhost/lanxue';

/** PostgreSQL's migrations, generated from the same tables as SQLite's (drizzle.config.ts): npm run db:generate. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './migrations-pg',
});
