// npm run db:migrate: applies the migrations to the configured database (the server also does this at start).
import { loadConfig } from '../server/config';
import { backupFolder, openDatabase } from '../server/db/client';

const config = loadConfig();
const opened = await openDatabase(config.database, { backupDir: backupFolder(config.dataDir) });
await opened.close();
console.log(`migrated ${opened.engine === 'sqlite' ? config.databaseFile : 'the PostgreSQL database'}`);
