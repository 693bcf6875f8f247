import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { startServer } from './server.ts';

const startedAt = performance.now();
try {
  const config = loadConfig();
  const server = await startServer(config);
  server.app.log.info(
    {
      driver: server.database.driver,
      startupMs: Math.round(performance.now() - startedAt),
      phases: server.phases,
      // Since the process began: module loading included.
      sinceProcessStartMs: Math.round(performance.now()),
    },
    `ready on http://localhost:${config.port}`,
  );
  let signals = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (++signals > 1) process.exit(1); // a second Ctrl-C means "now"
      server.app.log.info(`${signal}: finishing requests in flight, then closing the database`);
      server.stop().then(
        () => process.exit(0),
        (error) => {
          server.app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
}
