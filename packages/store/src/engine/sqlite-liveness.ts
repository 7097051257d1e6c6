import BetterSqlite3 from 'better-sqlite3';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { INSTANCE_ID, type InstanceLiveness, newInstanceId } from './instance-liveness.js';

/**
 * Liveness on one host (SQLite): each process holds an exclusive lock on a small file of its own, `<database>-instances/<id>`,
 * for as long as it runs. The operating system drops a process's file locks when it dies, however it dies, so another
 * process that can lock the file knows the instance is gone — at once, with no lock time and no pid that could be
 * reused. The file is an SQLite database held in `BEGIN EXCLUSIVE`: SQLite's own locking, on every platform it runs on.
 */
export const lockFileLiveness = (databasePath: string): InstanceLiveness => {
  const id = newInstanceId();
  const directory = `${databasePath}-instances`;
  const fileOf = (instanceId: string) => join(directory, instanceId);
  let held: BetterSqlite3.Database | undefined;

  return {
    id,
    async register() {
      if (held) return;
      mkdirSync(directory, { recursive: true });
      const lock = new BetterSqlite3(fileOf(id), { timeout: 0 });
      try {
        lock.exec('begin exclusive');
      } catch (error) {
        lock.close();
        throw error;
      }
      held = lock;
    },
    async isAlive(instanceId) {
      if (instanceId === id) return true;
      if (!INSTANCE_ID.test(instanceId)) return false;
      const file = fileOf(instanceId);
      // A live instance never removes its file; a closed one did.
      if (!existsSync(file)) return false;
      let probe: BetterSqlite3.Database | undefined;
      try {
        probe = new BetterSqlite3(file, { timeout: 0, fileMustExist: true });
        probe.exec('begin immediate');
        probe.exec('rollback');
      } catch (error) {
        probe?.close();
        if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
        // Removed between the check and the open: gone.
        if (!existsSync(file)) return false;
        throw error;
      }
      probe.close();
      rmSync(file, { force: true });
      return false;
    },
    async close() {
      if (!held) return;
      held.close();
      held = undefined;
      rmSync(fileOf(id), { force: true });
    },
  };
};
