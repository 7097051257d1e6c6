import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** better-sqlite3 is a dependency of @assay/store: the lock holder runs from its directory. */
const STORE_DIR = fileURLToPath(new URL('../', import.meta.url));

const HOLDER = `
const Database = require('better-sqlite3');
const db = new Database(process.env.LOCKED_FILE);
db.exec('begin exclusive');
process.stdout.write('locked\\n');
process.stdin.once('data', () => {
  db.exec('rollback');
  db.close();
  process.stdout.write('released\\n');
  process.exit(0);
});
`;

/**
 * Another process holding `BEGIN EXCLUSIVE` on a SQLite file, as a `sqlite3` shell, a backup or a migration would:
 * answers once the lock is held; `release` ends the transaction and the process.
 */
export const holdSqliteLock = async (file: string): Promise<{ release: () => Promise<void> }> => {
  const child = spawn(process.execPath, ['-e', HOLDER], { cwd: STORE_DIR, env: { ...process.env, LOCKED_FILE: file }, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes(word)) resolve();
      };
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        check();
      });
      child.once('exit', (code) => (output.includes(word) ? resolve() : reject(new Error(`the lock holder exited (${code}) before "${word}"`))));
      check();
    });
  await said('locked');
  return {
    release: async () => {
      child.stdin.write('release\n');
      await said('released');
      await exited;
    },
  };
};
