import type BetterSqlite3 from 'better-sqlite3';
import { type Driver, SqliteDialect } from 'kysely';
import { type CommitListener, GroupCommitDriver } from './sqlite-group-commit.js';

/** Kysely's SQLite dialect on two connections, a writer with group commit and a reader (`GroupCommitDriver`). */
export class GroupCommitSqliteDialect extends SqliteDialect {
  constructor(
    private readonly writer: BetterSqlite3.Database,
    private readonly reader: BetterSqlite3.Database,
    private readonly busyTimeoutMs: number,
    private readonly listener?: CommitListener,
  ) {
    super({ database: writer });
  }

  override createDriver(): Driver {
    this.driver = new GroupCommitDriver(this.writer, this.reader, this.busyTimeoutMs, this.listener);
    return this.driver;
  }

  /** The driver Kysely made (at its construction), for transactions that run at once (`transaction-steps.ts`). */
  driver: GroupCommitDriver | undefined;
}
