// npm start: build what is missing or older than its sources (scripts/build.mjs), then serve.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { build } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const status = build();
if (status !== 0) process.exit(status);
await import(join(root, 'dist', 'api', 'main.js'));
