import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, startDirectory, withAbsolutePaths } from '@assay/config';
import { backupSqlite } from '@assay/store';

const USAGE = 'usage: assay-server backup --to FILE   (a consistent copy of the SQLite database in ASSAY_DATABASE_URL, taken while Assay runs)';

/**
 * `assay-server backup --to FILE` (decision 860): run where the database is, with the server's own settings, so it
 * copies the very file the servers use and says what else an operator must keep. PostgreSQL is backed up with its own
 * tools; this says how.
 */
export const runBackup = (argv: readonly string[], env: NodeJS.ProcessEnv): { code: number; out: string } => {
  let to: string | undefined;
  try {
    ({
      values: { to },
    } = parseArgs({ args: [...argv], options: { to: { type: 'string' } }, strict: true }));
  } catch (error) {
    return { code: 2, out: `${(error as Error).message}\n${USAGE}` };
  }
  if (!to) return { code: 2, out: USAGE };
  let config: ReturnType<typeof loadConfig>;
  try {
    config = withAbsolutePaths(loadConfig(env), startDirectory(env));
  } catch (error) {
    return { code: 1, out: error instanceof ConfigError ? error.message : String(error) };
  }
  if (!config.databaseUrl.startsWith('sqlite:')) {
    return {
      code: 1,
      out: [
        'ASSAY_DATABASE_URL is PostgreSQL: back it up with its own tools, while Assay runs (a consistent snapshot):',
        '  pg_dump -Fc -d "$ASSAY_DATABASE_URL" -f assay.dump',
        'and restore into an empty database with: pg_restore -d "postgres://…/assay_restored" assay.dump  (docs/operations.md)',
      ].join('\n'),
    };
  }
  const databasePath = config.databaseUrl.slice('sqlite:'.length);
  const target = isAbsolute(to) ? to : resolve(startDirectory(env), to);
  try {
    const { bytes, ms } = backupSqlite(databasePath, target);
    return {
      code: 0,
      out: [
        `Backed up ${databasePath} to ${target} (${bytes} bytes, ${ms} ms): one consistent file, its WAL folded in.`,
        "Restore: stop Assay, put the copy where ASSAY_DATABASE_URL points (and remove that file's old -wal and -shm files), start Assay.",
        'Also keep:',
        `  - ${config.outboxDir} (ASSAY_OUTBOX_DIR): stakeholder emails written as .eml files when no SMTP server is set`,
        '  - your settings (the environment or .env: ASSAY_ADMIN_TOKEN, ASSAY_SMTP_URL, …): they are not in the database',
        `Not needed: ${databasePath}-wal and -shm (in the copy already), ${databasePath}-instances/ (locks of running processes).`,
      ].join('\n'),
    };
  } catch (error) {
    return { code: 1, out: `Backup failed: ${(error as Error).message} (database ${databasePath}, ASSAY_DATABASE_URL).` };
  }
};
