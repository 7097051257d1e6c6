import { LRUCache } from 'lru-cache';
import type Pg from 'pg';

/** A statement is named (prepared on each connection) from its second use; at most this many names. */
const MAX_NAMED = 200;

/**
 * A statement text with bound values used a second time gets a name, so PostgreSQL plans it once per connection
 * instead of at every use (README "Named statements", decision 173). DDL, which has no values, stays unnamed. The
 * names are counted, so a process prepares a bounded set.
 */
export const nameRepeatedStatements = (pool: Pg.Pool): void => {
  const seen = new LRUCache<string, number>({ max: 2_000 });
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known) return known;
    const uses = (seen.get(text) ?? 0) + 1;
    seen.set(text, uses);
    if (uses < 2 || names.size >= MAX_NAMED) return undefined;
    const name = `assay_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
      const name = typeof text === 'string' && Array.isArray(values) && values.length > 0 ? nameOf(text) : undefined;
      if (!name) return query(text, values, callback);
      return callback === undefined ? query({ name, text, values }) : query({ name, text, values }, callback);
    }) as typeof client.query;
  });
};
