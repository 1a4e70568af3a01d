// The MongoDB read-model store's names and filters: the names it accepts, checked as the SQLite
// store checks them so that no field name reaches Mongo as an operator or a path, our filters as
// Mongo's, and our id as Mongo's _id.
import type { Filter as MongoFilter } from 'mongodb';
import type { Doc, FieldCondition, Filter } from '../documentStore.js';

/** Apart from the read models' own collections: its name cannot be taken by one (see checkName). */
export const CHECKPOINTS = '_checkpoints';
export const LEASES = '_leases';
export const RATE_LIMITS = '_rate_limits';
const NAME = /^[A-Za-z0-9_]+$/;
const OPERATORS = new Set(['$gte', '$lte', '$gt', '$lt', '$in', '$ne']);

/** A read-model document as stored: our id as _id. */
export interface StoredDoc {
  _id: string;
  [field: string]: unknown;
}

/** The same names the SQLite store accepts; field names never reach Mongo as operators or paths. */
export function checkName(name: string): string {
  if (typeof name !== 'string' || !NAME.test(name) || name === CHECKPOINTS || name === LEASES || name === RATE_LIMITS)
    throw new Error(`Invalid read-model name: ${JSON.stringify(name)}`);
  return name;
}

export const mongoField = (name: string) => (name === 'id' ? '_id' : checkName(name));

/** Tombstones (deletes with a position) are never read. */
export const LIVE = { _deleted: { $exists: false } };

export function toMongoFilter(filter: Filter): MongoFilter<StoredDoc> {
  const out: Record<string, unknown> = { ...LIVE };
  for (const name of Object.keys(filter)) out[mongoField(name)] = toCondition(name, filter[name]);
  return out;
}

/**
 * A value a filter compares with, checked as the SQLite store checks it: an object or an array
 * here would be read by MongoDB as a query of its own (an operator smuggled in with a value).
 */
function checkScalar(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new Error(`Unsupported filter value: ${JSON.stringify(value)}`);
}

function toCondition(field: string, condition: FieldCondition): unknown {
  // Refused as the SQLite store refuses them: left out, undefined would match everything here.
  if (condition === undefined) throw new Error(`Filter on ${field} without a condition`);
  if (condition === null || typeof condition !== 'object') return checkScalar(condition);
  const out: Record<string, unknown> = {};
  for (const [op, value] of Object.entries(condition)) {
    if (!OPERATORS.has(op)) throw new Error(`Unsupported filter operator: ${op}`);
    if (op === '$in' && !Array.isArray(value)) throw new Error('$in needs an array');
    if (value !== undefined) out[op] = op === '$in' ? (value as unknown[]).map(checkScalar) : checkScalar(value);
  }
  // {} would mean "equals an empty object" here and "anything" in SQL.
  if (Object.keys(out).length === 0) throw new Error(`Filter on ${field} without an operator`);
  return out;
}

export function fromMongo<T extends Doc>(raw: StoredDoc): T {
  const { _id, ...rest } = raw;
  return { id: _id, ...rest } as T;
}
