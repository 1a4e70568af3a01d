// `npm start` runs this (compiled): serve UI and /api on PORT with the configured stores.
import { configFromEnv } from './config.js';
import { createServer } from './server.js';

const config = configFromEnv();
const server = await createServer(config);

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

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
