// Builds what `npm start` serves, each part only when its sources are newer than its build:
// the server with tsc (its incremental build info makes an up-to-date check fast), and the UI
// with Vite + Vike into dist/ui (client and server bundles, service worker, manifest).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const node = (args, cwd = root) => spawnSync(process.execPath, args, { stdio: 'inherit', cwd });

/** Newest modification time of the files under these folders (or files). */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const path of paths) if (existsSync(path)) visit(join(root, path));
  return latest;
}

/**
 * Brotli and gzip copies beside each text file of the client build: the server sends them as
 * they are (@fastify/static preCompressed), so no request pays for compressing.
 */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) precompress(path);
    else if (/\.(js|css|svg|webmanifest|json)$/.test(name) && statSync(path).size > 1024) {
      const content = readFileSync(path);
      writeFileSync(path + '.br', brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(path + '.gz', gzipSync(content, { level: 9 }));
    }
  }
}

export function build() {
  const tsc = node([join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')]);
  if (tsc.status !== 0) return tsc.status ?? 1;

  const stamp = join(root, 'dist', 'ui', '.built');
  const entry = join(root, 'dist', 'ui', 'server', 'entry.mjs');
  const sources = newest(['ui', 'domain', 'package-lock.json']);
  if (existsSync(entry) && existsSync(stamp) && statSync(stamp).mtimeMs >= sources) return 0;
  console.log('Building the UI (Vite + Vike)...');
  // Run in ui/, where Vite finds ui/vite.config.ts.
  const vite = node([join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], join(root, 'ui'));
  if (vite.status !== 0) return vite.status ?? 1;
  precompress(join(root, 'dist', 'ui', 'client'));
  writeFileSync(stamp, new Date().toISOString());
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(build());
