// npm run db:migrate: applies the migrations to the configured database (the server also does this at start).
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

const config = loadConfig();
const { sqlite } = openDatabase(config.databaseFile);
sqlite.close();
console.log(`migrated ${config.databaseFile}`);
