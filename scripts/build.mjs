// Builds what `npm start` serves, each part only when its sources are newer than its build:
// the server with tsc (its incremental build info makes an up-to-date check fast), and the UI
// with Vite + Vike into dist/ui (client and server bundles, service worker, manifest).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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
  writeFileSync(stamp, new Date().toISOString());
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(build());
