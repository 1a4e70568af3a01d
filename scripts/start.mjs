// npm start: build what is missing or older than its sources (scripts/build.mjs), then serve in a
// process of its own, started with the server's environment (scripts/serverEnv.mjs: some of it
// only takes effect when a process starts). Signals are passed on, so Ctrl-C and SIGTERM shut the
// server down gracefully (api/main.ts), and its exit code is this command's.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { build } from './build.mjs';
import { serverEnv } from './serverEnv.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const status = build();
if (status !== 0) process.exit(status);
const server = spawn(process.execPath, [...process.execArgv, join(root, 'dist', 'api', 'main.js')], {
  stdio: 'inherit',
  env: serverEnv(),
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
