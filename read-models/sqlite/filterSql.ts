// The filter language of the document store port (read-models/documentStore.ts) as SQL over the
// embedded store's JSON documents: each field read with json_extract, compared as MongoDB
// compares (never across types), and the index that should drive the query named for the caller.
import type { FieldCondition, Filter, FindOptions, Scalar } from '../documentStore.js';

const NAME = /^[A-Za-z0-9_]+$/;
const RANGE_OPERATORS = { $gte: '>=', $lte: '<=', $gt: '>', $lt: '<' } as const;
const OPERATORS = new Set(['$gte', '$lte', '$gt', '$lt', '$in', '$ne']);

/** Names are spliced into SQL (json paths, the partial-index literal), so only plain words pass. */
export function checkName(name: string): string {
  if (typeof name !== 'string' || !NAME.test(name)) throw new Error(`Invalid read-model name: ${JSON.stringify(name)}`);
  return name;
}

/**
 * How a field reads in SQL. `value` is what comparisons use; `type` is its JSON type, needed
 * because json_extract turns true/false into 1/0 and so cannot tell `true` from `1` alone.
 * Our id lives in its own column (primary key), whose type is always text.
 */
interface Column {
  value: string;
  type: string;
}

export function column(field: string): Column {
  if (field === 'id') return { value: 'id', type: `'text'` };
  const path = `'$.${checkName(field)}'`;
  return { value: `json_extract(doc, ${path})`, type: `json_type(doc, ${path})` };
}

/** The JSON types a comparison with this value may match: MongoDB never compares across types. */
function typeGuard(col: Column, value: Exclude<Scalar, null>): string {
  if (typeof value === 'boolean') return `${col.type} IN ('true', 'false')`;
  if (typeof value === 'number') return `${col.type} IN ('integer', 'real')`;
  return `${col.type} = 'text'`;
}

const bindable = (value: Scalar): string | number | null => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

function checkScalar(value: unknown): Scalar {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new Error(`Unsupported filter value: ${JSON.stringify(value)}`);
}

/** Equality as MongoDB means it: null matches null or missing; true is not 1. */
function equals(col: Column, value: Scalar, params: unknown[]): string {
  if (value === null) return `${col.value} IS NULL`;
  params.push(bindable(value));
  // Only 0/1 and booleans collide inside json_extract; other values need no (costlier) guard.
  if (typeof value === 'boolean' || value === 0 || value === 1)
    return `(${col.value} = ? AND ${typeGuard(col, value)})`;
  return `${col.value} = ?`;
}

export interface Compiled {
  where: string;
  /**
   * The indexed field to drive the query: an equality before an $in before a range, and among
   * equals the first in the filter (without statistics, the caller knows best what narrows most).
   */
  indexField?: string;
}

export function compileFilter(
  filter: Filter,
  params: unknown[],
  indexed: ReadonlyMap<string, string> | undefined,
): Compiled {
  const clauses: string[] = [];
  let indexField: string | undefined;
  let indexRank = Infinity;
  const consider = (field: string, rank: number) => {
    if (rank < indexRank && indexed?.has(field)) [indexField, indexRank] = [field, rank];
  };
  for (const field of Object.keys(filter)) {
    const condition: FieldCondition = filter[field];
    const col = column(field);
    if (condition === undefined) throw new Error(`Filter on ${field} without a condition`);
    if (condition === null || typeof condition !== 'object') {
      clauses.push(equals(col, checkScalar(condition), params));
      if (condition !== null) consider(field, 0);
      continue;
    }
    for (const op of Object.keys(condition))
      if (!OPERATORS.has(op)) throw new Error(`Unsupported filter operator: ${op}`);
    if (!Object.values(condition).some((value) => value !== undefined))
      throw new Error(`Filter on ${field} without an operator`);
    for (const op of ['$gte', '$lte', '$gt', '$lt'] as const) {
      if (condition[op] === undefined) continue;
      const value = checkScalar(condition[op]);
      if (value === null) {
        // Like MongoDB: null is only >= and <= itself (and missing), never > or <.
        clauses.push(op === '$gte' || op === '$lte' ? `${col.value} IS NULL` : '0');
        continue;
      }
      params.push(bindable(value));
      clauses.push(`${col.value} ${RANGE_OPERATORS[op]} ?`, typeGuard(col, value));
      consider(field, 2);
    }
    if (condition.$in !== undefined) {
      if (!Array.isArray(condition.$in)) throw new Error('$in needs an array');
      const values = condition.$in.map(checkScalar);
      // Strings and numbers other than 0/1 share one IN list; the rest need their own test.
      const plain = values.filter((v) => typeof v === 'string' || (typeof v === 'number' && v !== 0 && v !== 1));
      const parts: string[] = [];
      if (plain.length) {
        parts.push(`${col.value} IN (${plain.map(() => '?').join(', ')})`);
        params.push(...plain);
      }
      for (const v of values) if (!plain.includes(v)) parts.push(equals(col, v, params));
      clauses.push(parts.length ? `(${parts.join(' OR ')})` : '0');
      if (values.length && !values.includes(null)) consider(field, 1);
    }
    if (condition.$ne !== undefined) {
      const value = checkScalar(condition.$ne);
      clauses.push(
        value === null ? `${col.value} IS NOT NULL` : `(${col.value} IS NULL OR NOT ${equals(col, value, params)})`,
      );
    }
  }
  // Tombstones (deletes with a position) are never read.
  clauses.unshift(`json_extract(doc, '$._deleted') IS NULL`);
  return { where: ` WHERE ${clauses.join(' AND ')}`, indexField };
}

/**
 * A compound index that serves the query whole: its first field is an equality in the filter and
 * its other fields are the sort, in order and ascending. Walking it, SQLite reads the matches in
 * the sort's order and stops at the limit; the single-field index would make it sort them all.
 */
export function compoundFor(
  indexed: ReadonlyMap<string, string> | undefined,
  filter: Filter,
  options: FindOptions | undefined,
): string | undefined {
  const sort = (options?.sort ?? []).filter(([field]) => field !== 'id');
  if (!indexed || sort.some(([, direction]) => direction !== 1)) return undefined;
  for (const key of indexed.keys()) {
    const [first, ...rest] = key.split('+');
    if (rest.length === 0) continue;
    const condition = filter[first];
    const equality = condition !== null && condition !== undefined && typeof condition !== 'object';
    if (equality && rest.length === sort.length && rest.every((field, i) => sort[i][0] === field)) return key;
  }
  return undefined;
}

export function compileSort(options: FindOptions | undefined): string {
  const keys: string[] = [];
  let byId = false;
  for (const [field, direction] of options?.sort ?? []) {
    if (direction !== 1 && direction !== -1)
      throw new Error(`Invalid sort direction for ${field}: ${String(direction)}`);
    byId ||= field === 'id';
    keys.push(`${column(field).value} ${direction === 1 ? 'ASC' : 'DESC'}`);
  }
  if (!byId) keys.push('id ASC');
  return ` ORDER BY ${keys.join(', ')}`;
}
