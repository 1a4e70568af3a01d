// npm run backup | restore | replay | events:export | events:import | projections:rebuild:
// `node scripts/operation.mjs <name> [args]` runs the operation's built script,
// dist/scripts/<name>.js, which is what the production image runs (deploy/README.md) and what
// `npm start` builds. Only when that build is missing or older than the server's sources (a
// checkout being edited) does it run the TypeScript source through tsx, as these commands always
// did.
//
// Why: tsx compiled the operation and everything it imports at every start, about half a second
// of a 100,000-booking `projections:rebuild` of four (docs/bench.md), and tsx is a development
// dependency, gone from an install without them.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants } from 'node:os';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** What tsconfig.build.json compiles into dist/. */
const SERVER_SOURCES = ['domain', 'read-models', 'api', 'projections', 'scripts'];

/** Newest modification time of the TypeScript files under these folders. */
function newestSource(folders) {
  let latest = 0;
  const visit = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) visit(child);
      else if (/\.tsx?$/.test(entry.name)) latest = Math.max(latest, statSync(child).mtimeMs);
    }
  };
  for (const folder of folders) visit(join(root, folder));
  return latest;
}

/** The built script when the build is there and no source is newer than it (tsc's build info). */
function builtScript(name) {
  const built = join(root, 'dist', 'scripts', `${name}.js`);
  const buildInfo = join(root, 'dist', '.tsbuildinfo');
  if (!existsSync(built) || !existsSync(buildInfo)) return null;
  return statSync(buildInfo).mtimeMs >= newestSource(SERVER_SOURCES) ? built : null;
}

const [name, ...args] = process.argv.slice(2);
if (!name || !existsSync(join(root, 'scripts', `${name}.ts`))) {
  console.error(`usage: node scripts/operation.mjs <operation> [arguments]: no scripts/${name}.ts`);
  process.exit(2);
}
const built = builtScript(name);
if (built) {
  // The script reads its arguments from process.argv, as when started as `node <script> ...`.
  process.argv = [process.argv[0], built, ...args];
  await import(pathToFileURL(built).href);
} else {
  const source = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', `${name}.ts`), ...args], {
    stdio: 'inherit',
  });
  process.exit(source.status ?? 128 + (constants.signals[source.signal] ?? 0));
}
