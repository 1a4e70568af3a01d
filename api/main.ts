// `npm start` runs this (compiled): serve UI and /api on PORT with the configured stores.
import './memory.js';
import { ConfigError, configFromEnv, type Config } from './config.js';
import { createServer } from './server.js';
import { KeyStoreMismatchError } from './keys/identity.js';
import { startWatchdog } from './watchdog.js';
import { sellerMissingNotice } from './sellerNotice.js';

let config: Config;
try {
  config = configFromEnv();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
let server: Awaited<ReturnType<typeof createServer>>;
try {
  server = await createServer(config);
} catch (error) {
  // A key store that is not the event log's (api/keys/identity.ts): the operator's message, no stack.
  if (!(error instanceof KeyStoreMismatchError)) throw error;
  console.error(error.message);
  process.exit(1);
}

if (server.bootstrap.generatedPassword) {
  console.log(
    `\nNo ADMIN_EMAIL/ADMIN_PASSWORD set: created admin ${server.bootstrap.email} with password ${server.bootstrap.generatedPassword}\n` +
      'It is shown this once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n',
  );
}

await server.app.listen({ port: config.port, host: config.host });
console.log(
  `Pizzakiosken listening on http://localhost:${config.port} (event store: ${config.eventStoreUrl ? 'EventStoreDB' : 'SQLite'}, ` +
    `read models: ${config.mongoUrl ? 'MongoDB' : 'SQLite'}, data: ${config.dataDir})`,
);
// The seller first (rule: seller-first): a shop online names its seller before it sells.
if (server.bootstrap.sellerMissing.length > 0) console.log(sellerMissingNotice(server.bootstrap.sellerMissing, config));

// A store gone or a loop wedged for longer than its bound ends the process with a non-zero code,
// so the restart policy brings a fresh one (api/watchdog.ts). No graceful shutdown then: it would
// wait on the very thing that is stuck, and nothing is lost without one.
const watchdog = startWatchdog({
  ...server.watched,
  storeUnreachableExitMs: config.storeUnreachableExitMs,
  stallExitMs: config.stallExitMs,
  exit: (code, message) => {
    console.error(message);
    process.exit(code);
  },
});

// Graceful shutdown (an orchestrator sends SIGTERM, then SIGKILL after its grace period): stop
// accepting, answer what is in flight, let projections and reactors commit their current page
// with its checkpoint, close the stores. Should that hang, exit anyway before the SIGKILL would:
// nothing is lost either way (appends are durable, projections resume from their checkpoints).
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    watchdog.stop();
    console.log(`${signal}: shutting down`);
    const deadline = setTimeout(() => {
      console.error(`Shutdown took longer than ${config.shutdownTimeoutMs} ms; exiting`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    server.close().then(
      () => {
        console.log('stopped');
        process.exit(0);
      },
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
