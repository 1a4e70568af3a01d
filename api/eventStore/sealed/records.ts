// A personal record sealed and opened (see api/eventStore/sealed.ts for the seal's shape and why
// no read throws on a record it cannot open).
import { createCipheriv, createSecretKey } from 'node:crypto';
import { decrypt } from '../openerThread.js';
import { ERASED, personalData } from '../../../domain/customers/personalData.js';
import { randomPool } from '../../keys/keyStore.js';

export interface Sealed {
  key: string;
  fields: string[];
  iv: string;
  /** Ciphertext followed by the 16-byte GCM tag, base64. */
  data: string;
}

export type Rec = Record<string, unknown> & { sealed?: Sealed };

export const records = (event: { type: string; data: unknown }): Rec[] => {
  const personal = personalData[event.type];
  return personal && event.data && typeof event.data === 'object'
    ? personal.records(event.data as Record<string, unknown>)
    : [];
};

export function seal(record: Rec, fields: readonly string[], keyId: string, key: Buffer): void {
  const plain: Record<string, unknown> = {};
  const sealedFields: string[] = [];
  for (const field of fields) {
    if (record[field] === null || record[field] === undefined) continue;
    plain[field] = record[field];
    sealedFields.push(field);
    record[field] = null;
  }
  const iv = randomPool(12);
  // A KeyObject, not the Buffer: Node 24's crypto tries a Buffer key as a KeyObject first, and the
  // failed brand check throws and catches an exception each time (isKeyObject in Node 24.21's
  // lib/internal/crypto/keys.js): 14 µs a seal against 7 µs with createSecretKey, measured on 24.21.
  const cipher = createCipheriv('aes-256-gcm', createSecretKey(key), iv);
  // The key id is authenticated with the data: a sealed record cannot be passed off as another customer's.
  cipher.setAAD(Buffer.from(keyId));
  const data = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  record.sealed = { key: keyId, fields: sealedFields, iv: iv.toString('base64'), data: data.toString('base64') };
}

/** The record's seal, or null when it is not the shape seal() writes (a damaged record). */
export function sealOf(record: Rec): Sealed | null {
  const s = record.sealed as Partial<Sealed> | undefined;
  return s &&
    typeof s === 'object' &&
    typeof s.key === 'string' &&
    typeof s.iv === 'string' &&
    typeof s.data === 'string' &&
    Array.isArray(s.fields) &&
    s.fields.every((field) => typeof field === 'string')
    ? (s as Sealed)
    : null;
}

/** Fills a record's sealed fields in place from its opened plaintext, or with ERASED (null: no key). */
export function fill(record: Rec, fields: readonly string[], plain: Record<string, unknown> | null): void {
  delete record.sealed;
  for (const field of fields) record[field] = plain ? plain[field] : ERASED;
}

/**
 * A record that cannot be opened reads as erased: its sealed fields, or, its seal too damaged to
 * name them, every personal field of its event type left null in its place.
 */
export function readAsErased(record: Rec, seal: Sealed | null, personalFields: readonly string[]): void {
  fill(record, seal?.fields ?? personalFields.filter((field) => record[field] === null), null);
}

/** An opened plaintext is the object seal() wrote; anything else is a damaged record. */
export const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Opens a record in place (ERASED without a key). Answers why it could not be opened (another
 * key, a damaged record: it then reads as erased), or null when it was.
 */
export function open(
  record: Rec,
  seal: Sealed | null,
  key: Buffer | undefined,
  personalFields: readonly string[],
): string | null {
  if (!seal) {
    readAsErased(record, null, personalFields);
    return 'its seal is damaged';
  }
  if (!key) {
    fill(record, seal.fields, null);
    return null;
  }
  let plain: unknown;
  try {
    plain = JSON.parse(decrypt(key, seal.key, seal.iv, seal.data));
  } catch (error) {
    readAsErased(record, seal, personalFields);
    return error instanceof Error ? error.message : String(error);
  }
  if (!isPlain(plain)) {
    readAsErased(record, seal, personalFields);
    return 'its plaintext is not a record';
  }
  fill(record, seal.fields, plain);
  return null;
}
