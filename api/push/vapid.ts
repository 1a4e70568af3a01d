// The VAPID key pair the server signs its web pushes with (RFC 8292), and whose public half the
// browser subscribes with. From the environment (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY), or made
// once and kept in DATA_DIR/vapid-keys.json (0600, like the session secret): every process on
// one DATA_DIR, and every restart, uses the same pair, so subscriptions stay valid.
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export const VAPID_FILE = 'vapid-keys.json';

export function vapidKeys(options: {
  dataDir: string;
  publicKey: string | null;
  privateKey: string | null;
  subject: string;
}): VapidKeys {
  if (options.publicKey && options.privateKey)
    return { publicKey: options.publicKey, privateKey: options.privateKey, subject: options.subject };
  const file = join(options.dataDir, VAPID_FILE);
  // Write-if-absent, atomically: the pair goes whole into a temp file of this process, which is
  // then linked to the final name; link fails when the name exists. So of two processes starting
  // at once one pair wins, and both read that one back; no reader ever sees half a file.
  if (!existsSync(file)) {
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      const fresh = webpush.generateVAPIDKeys();
      writeFileSync(temp, JSON.stringify({ publicKey: fresh.publicKey, privateKey: fresh.privateKey }), {
        mode: 0o600,
      });
      try {
        linkSync(temp, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    } finally {
      rmSync(temp, { force: true });
    }
  }
  const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject: options.subject };
}
