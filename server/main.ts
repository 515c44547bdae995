import { loadConfig } from './config';
import { buildApp } from './app';
import { adminPath } from './modules/auth/auth.service';
import { DEMO_LOGINS } from './demo/demo';

/** Process entry: config, listen, and a graceful stop on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'stopping: finishing in-flight requests');
    // close() stops accepting connections, waits for in-flight requests, then runs onClose (database close).
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish within 10 s: exiting anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
  console.log(`\nLanxue is running on ${url}  (back office: ${url}${adminPath(app.ctx)})`);
  if (app.startup.demo) {
    const { student, admin, teacher } = DEMO_LOGINS;
    console.log(`Demo school loaded. Student: ${student.username} / ${student.password}.`);
    console.log(
      `Back office: ${admin.username} / ${admin.password} (main admin), ${teacher.username} / ${teacher.password} (sub-admin).\n`,
    );
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
