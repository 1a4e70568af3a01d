// A backup archive's file: one header line in the clear (what it is, how its key is derived), then
// the contents gzipped and encrypted with AES-256-GCM, then GCM's 16-byte tag. The key comes from
// BACKUP_PASSPHRASE through scrypt with a random salt of this archive (in the header); the header
// is authenticated with the contents (GCM's additional data), so neither can be altered unseen.
// NIST SP 800-38D (GCM: a 96-bit IV, never reused under a key: each archive has its own key,
// through its own salt) and RFC 7914 (scrypt; N = 2^15, r = 8, p = 1 as OWASP's Password Storage
// Cheat Sheet recommends at least).
import {
  createCipheriv,
  createDecipheriv,
  randomBytes,
  scrypt as scryptCallback,
  type ScryptOptions,
} from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';
import { passphraseProblem } from '../config.js';

/** The archive's first bytes, and the format it was written in. */
const MAGIC = 'PIZZAKIOSKEN-BACKUP';
const FORMAT = 1;
const TAG_BYTES = 16;

interface Header {
  format: number;
  cipher: 'aes-256-gcm';
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  iv: string;
  created_at: string;
}

/** A backup or restore refused: the operator's message, no stack trace (scripts/cli.ts). */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError';
}

const scrypt = (passphrase: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(passphrase.normalize('NFC'), salt, 32, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** Refuses a missing or short passphrase with the message the operator acts on. */
export function checkPassphrase(passphrase: string | undefined | null): string {
  const problem = passphraseProblem(passphrase ?? undefined);
  if (problem) throw new BackupRefusedError(`BACKUP_PASSPHRASE: ${problem}. Set it in the environment and run again.`);
  return passphrase!;
}

/**
 * Writes contents, gzipped and encrypted, to file (mode 0600) as they come, all or nothing: into
 * file.partial, synced, then renamed into place. Refuses a file that exists.
 */
export async function writeArchive(
  file: string,
  passphrase: string,
  contents: AsyncIterable<string | Buffer> | Iterable<string | Buffer>,
  now = new Date(),
) {
  if (existsSync(file)) throw new BackupRefusedError(`${file} exists already: name a new file.`);
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const header: Header = {
    format: FORMAT,
    cipher: 'aes-256-gcm',
    kdf: 'scrypt',
    N: 2 ** 15,
    r: 8,
    p: 1,
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    created_at: now.toISOString(),
  };
  const head = Buffer.from(`${MAGIC} ${JSON.stringify(header)}\n`);
  const key = await scrypt(passphrase, salt, { N: header.N, r: header.r, p: header.p, maxmem: 64 * 1024 * 1024 });
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(head);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const fd = openSync(partial, 'wx', 0o600);
  try {
    writeSync(fd, head);
    await pipeline(Readable.from(contents), createGzip(), cipher, async (encrypted: AsyncIterable<Buffer>) => {
      for await (const chunk of encrypted) writeSync(fd, chunk);
    });
    writeSync(fd, cipher.getAuthTag());
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(partial, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(partial, file);
  const dir = openSync(dirname(file), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/** The contents of an archive; refused when it is none, or the passphrase or the file is wrong. */
export async function readArchive(file: string, passphrase: string): Promise<{ contents: Buffer; createdAt: string }> {
  if (!existsSync(file)) throw new BackupRefusedError(`${file}: no such file.`);
  const bytes = readFileSync(file);
  const end = bytes.indexOf(0x0a);
  const line = end > 0 ? bytes.subarray(0, end).toString('utf8') : '';
  if (!line.startsWith(`${MAGIC} `))
    throw new BackupRefusedError(`${file} is not a Pizzakiosken backup (made by npm run backup).`);
  let header: Header;
  try {
    header = JSON.parse(line.slice(MAGIC.length + 1)) as Header;
  } catch {
    throw new BackupRefusedError(`${file}: its header is damaged.`);
  }
  if (header.format !== FORMAT || header.cipher !== 'aes-256-gcm' || header.kdf !== 'scrypt')
    throw new BackupRefusedError(`${file} is in a backup format this version does not read (${header.format}).`);
  const head = bytes.subarray(0, end + 1);
  const body = bytes.subarray(end + 1, bytes.length - TAG_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const key = await scrypt(passphrase, Buffer.from(header.salt, 'base64'), {
    N: header.N,
    r: header.r,
    p: header.p,
    maxmem: 256 * 1024 * 1024,
  });
  let compressed: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.iv, 'base64'));
    decipher.setAAD(head);
    decipher.setAuthTag(tag);
    compressed = Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    throw new BackupRefusedError(
      `Cannot open ${file}: wrong BACKUP_PASSPHRASE, or the file is damaged. Nothing was restored.`,
    );
  }
  return { contents: gunzipSync(compressed), createdAt: header.created_at };
}
