// scrypt password hashes: "scrypt$N$r$p$salt$hash" (base64url), compared in constant time.
import { randomBytes, scrypt as scryptCb, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16384;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;

const scrypt = (password: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(hash: string) {
  const [kind, n, rr, pp, salt, key] = hash.split('$');
  if (kind !== 'scrypt' || !salt || !key) return null;
  return {
    options: { N: Number(n), r: Number(rr), p: Number(pp) },
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
}

export async function verifyPasswordAsync(password: string, hash: string): Promise<boolean> {
  const parsed = parse(hash);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.options);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Synchronous check, for the admin bootstrap's idempotence test inside a decider. */
export function verifyPassword(password: string, hash: string): boolean {
  const parsed = parse(hash);
  if (!parsed) return false;
  const key = scryptSync(password, parsed.salt, KEY_LENGTH, parsed.options);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}
