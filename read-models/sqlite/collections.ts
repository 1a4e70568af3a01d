// The embedded store's collections as this connection knows them: which have a table, with their
// statements, and the indexed fields of each with the index's name; and the query statements
// prepared over them.
import type Database from 'better-sqlite3';
import { checkName, type Compiled } from './filterSql.js';
import { INDEX_NAME, TABLE_NAME, createTable, deleteSql, putSql, tableOf } from './tables.js';

/** Distinct query texts kept prepared; $in lists of many lengths must not grow it forever. */
const MAX_STATEMENTS = 500;

export interface Table {
  get: Database.Statement<[string], string>;
  put: Database.Statement<[id: string, doc: string, pos: number | null, pos: number | null]>;
  delete: Database.Statement<[string]>;
  clear: Database.Statement<[]>;
}

export interface Collections {
  /** Per collection, its indexed fields (a compound index's joined with '+') and the index's name. */
  indexes: Map<string, Map<string, string>>;
  noteIndex: (collection: string, field: string, name: string) => void;
  /** The collection's table, or undefined while no process has written to it. */
  existing: (collection: string) => Table | undefined;
  /** Creates the table on first use, outside any transaction, so a rollback cannot undo it. */
  created: (collection: string) => Table;
}

// Collections that have a table, with their statements, and the indexed fields of each with
// the index's name. Another process on the same file may add tables and indexes; a lookup that
// misses therefore reads the schema again before it concludes a collection is empty.
export function collectionTables(db: Database.Database): Collections {
  const listSchema = db.prepare<[], { type: string; name: string }>(
    "SELECT type, name FROM sqlite_master WHERE name LIKE 'docs:%'",
  );
  const tables = new Map<string, Table>();
  const indexes = new Map<string, Map<string, string>>();
  const noteIndex = (collection: string, field: string, name: string) => {
    let fields = indexes.get(collection);
    if (!fields) indexes.set(collection, (fields = new Map<string, string>()));
    fields.set(field, name);
  };
  const readSchema = () => {
    for (const { type, name } of listSchema.all()) {
      const table = type === 'table' ? TABLE_NAME.exec(name) : null;
      if (table && !tables.has(table[1])) tables.set(table[1], statementsFor(table[1]));
      const index = type === 'index' ? INDEX_NAME.exec(name) : null;
      if (index) noteIndex(index[1], index[2], name);
    }
  };
  function statementsFor(collection: string): Table {
    const table = `"${tableOf(collection)}"`;
    return {
      get: db.prepare<[string], string>(`SELECT doc FROM ${table} WHERE id = ?`).pluck(),
      put: db.prepare<[string, string, number | null, number | null]>(putSql(table)),
      delete: db.prepare<[string]>(deleteSql(table)),
      // No WHERE: SQLite then drops the table's pages at once instead of deleting row by row.
      clear: db.prepare<[]>(`DELETE FROM ${table}`),
    };
  }
  const existing = (collection: string): Table | undefined => {
    const known = tables.get(collection);
    if (known) return known;
    checkName(collection);
    readSchema();
    return tables.get(collection);
  };
  const created = (collection: string): Table => {
    const known = existing(collection);
    if (known) return known;
    db.exec(createTable(collection));
    const table = statementsFor(collection);
    tables.set(collection, table);
    return table;
  };
  readSchema();
  return { indexes, noteIndex, existing, created };
}

/**
 * Prepares `SELECT ... FROM {docs} ...` for the collection's table, naming the index to use
 * when the filter narrows an indexed field. Without statistics SQLite may prefer walking the
 * primary key (which also yields the ORDER BY id) over the index, and so read the whole table
 * when the index would have narrowed it to a few rows. Should SQLite find no plan with that
 * index ("no query solution"), the query runs without the hint.
 */
export function queryStatements(
  db: Database.Database,
  indexes: Collections['indexes'],
): (template: string, collection: string, compiled: Compiled) => Database.Statement {
  // Queries of the same shape reuse one prepared statement, keyed by their SQL text.
  const statements = new Map<string, Database.Statement>();
  return (template, collection, compiled) => {
    const table = `"${tableOf(collection)}"`;
    const index = compiled.indexField && indexes.get(collection)?.get(compiled.indexField);
    const hinted = template.replace('{docs}', index ? `${table} INDEXED BY "${index}"` : table);
    let statement = statements.get(hinted);
    if (!statement) {
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      try {
        statement = db.prepare(hinted);
      } catch (error) {
        if (!index || !/no query solution|no such index/.test(String(error))) throw error;
        statement = db.prepare(template.replace('{docs}', table));
      }
      statement.pluck();
      statements.set(hinted, statement);
    }
    return statement;
  };
}
