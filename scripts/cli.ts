// What the operations scripts share: the server's configuration and stores, plain output lines,
// and one way to fail (a message and a non-zero exit code, no stack trace for expected refusals).
import { ConfigError, configFromEnv, type Config } from '../api/config.js';
import { ImportRefusedError } from '../api/eventStore/transfer.js';
import { KeyStoreMismatchError } from '../api/keys/identity.js';
import { BackupRefusedError } from '../api/backup/archive.js';
import type { EventStore } from '../domain/eventStore.js';
import type { DocumentStore } from '../read-models/documentStore.js';
import { checkLines, rebuildReadModels } from '../projections/rebuild.js';
import { alignReactors } from '../api/reactors/align.js';

export class UsageError extends Error {}

export function config(): Config {
  return configFromEnv();
}

export const say = (line: string) => console.log(line);

/** Runs main, then closes what it opened; exit code 0 on success, 1 on a failed check, 2 on refusal. */
export async function run(main: (cleanup: Array<() => Promise<unknown>>) => Promise<boolean>): Promise<void> {
  const cleanup: Array<() => Promise<unknown>> = [];
  let code = 0;
  try {
    code = (await main(cleanup)) ? 0 : 1;
  } catch (error) {
    code = 2;
    if (
      error instanceof UsageError ||
      error instanceof ImportRefusedError ||
      error instanceof ConfigError ||
      error instanceof KeyStoreMismatchError ||
      error instanceof BackupRefusedError
    )
      console.error(error.message);
    else console.error(error);
  } finally {
    for (const close of cleanup.reverse()) await close().catch(() => {});
  }
  process.exitCode = code;
}

/**
 * After a log was brought in (events:import, restore): every read model rebuilt from it, and the
 * reactors at its head (api/reactors/align.ts), so no mail, push or SMS of the past is sent again
 * and the reactors act on what comes next. Says what it did; answers whether the rebuild's checks passed.
 */
export async function rebuildAfterImport(events: EventStore, docs: DocumentStore): Promise<boolean> {
  const result = await rebuildReadModels(events, docs, { progress: say });
  await alignReactors(events, docs, 'imported');
  say(`rebuilt every read model: ${result.events} events`);
  checkLines(result).forEach(say);
  return result.ok;
}
