// npm run db:migrate: applies the migrations to the configured database (the server also does this at start).
import { loadConfig } from '../server/config';
import { backupFolder, openDatabase } from '../server/db/client';

const config = loadConfig();
const { sqlite } = await openDatabase(config.databaseFile, { backupDir: backupFolder(config.dataDir) });
sqlite.close();
console.log(`migrated ${config.databaseFile}`);
