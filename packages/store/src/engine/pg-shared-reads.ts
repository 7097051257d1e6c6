import {
  type CompiledQuery,
  type DatabaseIntrospector,
  type Kysely,
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type QueryCompiler,
  type QueryResult,
  SelectQueryNode,
  type TransactionSettings,
} from 'kysely';
import { OwnSchemaIntrospector } from './pg-own-schema-introspector.js';

/**
 * PostgreSQL with identical reads shared while they wait for a connection: one round trip answers them all (README
 * "Shared reads", decision 176). A read joins only a query not sent yet, so it always sees every commit that came
 * before it: read-your-writes holds. Only plain selects built with Kysely are shared — no locking clause, no WITH
 * (which may write), no raw SQL (which may have side effects). Each reader gets rows of its own.
 */
export class SharedReadsPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new SharedReadsDriver(super.createDriver());
  }

  /** Assay's own schema only: Kysely's reads every schema by name, which another's drop can fail (decision 1352). */
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

interface Waiter {
  resolve: (result: QueryResult<unknown>) => void;
  reject: (error: unknown) => void;
}

const isSharable = ({ query }: CompiledQuery): boolean => SelectQueryNode.is(query) && !query.with && !query.endModifiers?.length;

const keyOf = ({ sql, parameters }: CompiledQuery): string | undefined => {
  try {
    return `${sql}\u0000${JSON.stringify(parameters)}`;
  } catch {
    return undefined; // a value JSON cannot write (a bigint): the read goes alone
  }
};

const copyOf = <R>(result: QueryResult<R>): QueryResult<R> => ({ ...result, rows: result.rows.map((row) => ({ ...row })) });

class SharedReadsDriver implements Driver {
  /** Reads waiting for a connection, by SQL and values; each holds the readers that joined it. */
  readonly #waiting = new Map<string, Waiter[]>();

  constructor(readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new LazyConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(await held(connection).bind(), settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.inner.commitTransaction(await held(connection).bind());
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.inner.rollbackTransaction(await held(connection).bind());
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint?.(await held(connection).bind(), name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint?.(await held(connection).bind(), name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint?.(await held(connection).bind(), name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const pooled = await held(connection).unbind();
    if (pooled) await this.inner.releaseConnection(pooled);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  /** A plain read: joins an identical one still waiting for a connection, or waits for its own. */
  read<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const key = keyOf(query);
    const waiting = key === undefined ? undefined : this.#waiting.get(key);
    if (waiting) return new Promise<QueryResult<R>>((resolve, reject) => waiting.push({ resolve: resolve as Waiter['resolve'], reject }));
    const joined: Waiter[] = [];
    if (key !== undefined) this.#waiting.set(key, joined);
    return this.#send<R>(query, joined, () => {
      if (key !== undefined && this.#waiting.get(key) === joined) this.#waiting.delete(key);
    });
  }

  async #send<R>(query: CompiledQuery, joined: Waiter[], closeToJoiners: () => void): Promise<QueryResult<R>> {
    let connection: DatabaseConnection;
    try {
      connection = await this.inner.acquireConnection();
    } catch (error) {
      closeToJoiners();
      for (const waiter of joined) waiter.reject(error);
      throw error;
    }
    // From here on the query is as good as sent: a read that comes now may need a commit this one would miss.
    closeToJoiners();
    try {
      const result = await connection.executeQuery<R>(query);
      for (const waiter of joined) waiter.resolve(copyOf(result));
      return result;
    } catch (error) {
      for (const waiter of joined) waiter.reject(error);
      throw error;
    } finally {
      await this.inner.releaseConnection(connection);
    }
  }
}

const held = (connection: DatabaseConnection): LazyConnection => connection as LazyConnection;

/** Takes a pooled connection only for what needs one: a transaction, a write, a stream, a read that is not shared. */
class LazyConnection implements DatabaseConnection {
  #pooled: Promise<DatabaseConnection> | undefined;

  constructor(private readonly driver: SharedReadsDriver) {}

  bind(): Promise<DatabaseConnection> {
    this.#pooled ??= this.driver.inner.acquireConnection();
    return this.#pooled;
  }

  /** The pooled connection to give back, if one was taken. */
  async unbind(): Promise<DatabaseConnection | undefined> {
    const pooled = this.#pooled;
    this.#pooled = undefined;
    return pooled?.catch(() => undefined); // none was taken if taking it failed
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.#pooled && isSharable(query)) return this.driver.read<R>(query);
    return (await this.bind()).executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.bind()).streamQuery<R>(query, chunkSize);
  }
}
