import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { directReadOf } from './direct-reads.js';

const PLACEHOLDER = '\u0000assay-parameter:';

/** Stands for a named parameter while a query is built once; the value is given at each execution. */
export const parameter = <T>(name: string): T => `${PLACEHOLDER}${name}` as T;

interface Prepared {
  compiled: CompiledQuery;
  /** Which positions of the parameter list take which named parameter. */
  slots: Array<[position: number, name: string]>;
}

const prepare = (query: Compilable<unknown>): Prepared => {
  const compiled = query.compile();
  const slots: Prepared['slots'] = [];
  compiled.parameters.forEach((value, position) => {
    if (typeof value === 'string' && value.startsWith(PLACEHOLDER)) slots.push([position, value.slice(PLACEHOLDER.length)]);
  });
  return { compiled, slots };
};

/**
 * A hot query built and compiled once per SQL dialect, then executed with new parameter values (README "Compiled
 * queries and direct reads", decision 127). Values still travel as bound parameters, never inside the SQL. Works on a
 * database and on its transactions alike (they share the dialect's adapter, the cache's key).
 */
export const compileOnce = <Row, Parameters extends Record<string, unknown>, DB>(build: (db: Kysely<DB>) => Compilable<Row>) => {
  const perDialect = new WeakMap<object, Prepared>();
  /** The query with these values, ready to run (a transaction's step, `transaction-steps.ts`). */
  const bound = (db: Kysely<DB>, values: Parameters): CompiledQuery<Row> => {
    const dialect = db.getExecutor().adapter;
    let prepared = perDialect.get(dialect);
    if (!prepared) {
      prepared = prepare(build(db));
      perDialect.set(dialect, prepared);
    }
    const parameters = [...prepared.compiled.parameters];
    for (const [position, name] of prepared.slots) {
      if (!(name in values)) throw new Error(`compiled query: no value for parameter "${name}"`);
      parameters[position] = values[name];
    }
    // Named, not spread with `parameters` after: a leading spread with new keys is slow (decision 183).
    const { query, queryId, sql } = prepared.compiled;
    return { query, queryId, sql, parameters } as CompiledQuery<Row>;
  };
  const run = async (db: Kysely<DB>, values: Parameters): Promise<Row[]> => {
    const query = bound(db, values);
    const direct = directReadOf(db)?.(query);
    if (direct) return direct as Row[];
    const result = await db.executeQuery<Row>(query);
    return result.rows;
  };
  return Object.assign(run, { bound });
};
