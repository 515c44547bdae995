import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PgChangeFeed } from '../../server/db/pg-changes';
import { migratePostgres } from '../../server/db/pg-upgrade';
import { PG_TEST } from './pg-test';

/**
 * Vitest global setup of the http-pg project: a throwaway PostgreSQL cluster on a loopback port (Debian's
 * postgresql, installed by scripts/ensure-postgres.sh), initdb'd into a temporary folder by an unprivileged
 * user (the postgres account when the tests run as root), with a template database migrated once. Each test
 * app gets a database copied from the template (tests/helpers/pg-test.ts) and drops it when it closes.
 * Durability is off (fsync, synchronous_commit): the cluster lives for one run.
 */
const binDir = (): string => {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  throw new Error('PostgreSQL is not installed: run scripts/ensure-postgres.sh (apt-get install postgresql)');
};

/** The cluster's owner: the postgres account when we are root (initdb refuses root), else ourselves. */
const owner = (): { uid?: number; gid?: number } => {
  if (process.getuid?.() !== 0) return {};
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' })));
  return { uid, gid };
};

/**
 * Resolves when the server logs that it accepts connections; fails when it exits first (a bad setting, a port
 * in use). Its output is read for the whole run (a full pipe would stop it) and the last of it kept for the error.
 */
function ready(server: ChildProcess): Promise<void> {
  let log = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000);
      if (log.includes('database system is ready to accept connections')) resolve();
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    server.once('exit', (code) => reject(new Error(`postgres exited (${code}):\n${log}`)));
  });
}

export default async function setup(): Promise<() => Promise<void>> {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-pg-'));
  const data = path.join(dir, 'data');
  const user = owner();
  if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid ?? 0);
  execFileSync(
    path.join(bin, 'initdb'),
    [`--pgdata=${data}`, `--username=${PG_TEST.user}`, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8'],
    { stdio: 'pipe', ...user },
  );
  const args = [
    `-D${data}`,
    `-p${PG_TEST.port}`,
    '-clisten_addresses=127.0.0.1',
    `-cunix_socket_directories=${dir}`,
    '-cfsync=off',
    '-csynchronous_commit=off',
    '-cfull_page_writes=off',
    '-cmax_connections=400',
  ];
  const server = spawn(path.join(bin, 'postgres'), args, { stdio: ['ignore', 'pipe', 'pipe'], ...user });
  await ready(server);
  const admin = new pg.Client({ connectionString: PG_TEST.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${PG_TEST.template}`);
  await migratePostgres(PG_TEST.urlOf(PG_TEST.template), { migrationsFolder: 'migrations-pg' });
  // The change feed's triggers too, so that each copy finds them made.
  await (await PgChangeFeed.open(PG_TEST.urlOf(PG_TEST.template))).close();
  await admin.query(`ALTER DATABASE ${PG_TEST.template} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  await admin.end();
  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGINT');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
