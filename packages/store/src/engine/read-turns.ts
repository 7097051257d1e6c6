import type BetterSqlite3 from 'better-sqlite3';

/** The reader's read transaction for one turn of the event loop. */
export interface ReadTurns {
  /** Before a read: opens the turn's transaction unless it is open. */
  enter(): void;
  /** Ends it (at the end of the turn, and after every COMMIT of the writer). */
  end(): void;
}

/**
 * The reads of one turn of the event loop share one read transaction on the reader, saving WAL's lock per read
 * (README "Read turns", decision 172). It ends at the end of the turn, and at once when the writer commits, so no read
 * started after a commit misses it: what was answered as written is read back.
 */
export const readTurnsOn = (reader: BetterSqlite3.Database): ReadTurns => {
  const begin = reader.prepare('begin');
  const commit = reader.prepare('commit');
  let open = false;
  const end = (): void => {
    if (!open) return;
    try {
      commit.run();
      open = false;
    } catch {
      // A statement still iterating rows keeps the connection busy: the transaction ends on a later turn.
      setImmediate(end);
    }
  };
  return {
    enter() {
      if (open || reader.inTransaction) return;
      begin.run();
      open = true;
      setImmediate(end);
    },
    end,
  };
};
