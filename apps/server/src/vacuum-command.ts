import { ConfigError, loadConfig, startDirectory, withAbsolutePaths } from '@assay/config';
import { connect, describeDatabase, vacuumErasedTables } from '@assay/store';

const USAGE = 'usage: assay-server vacuum-erased   (PostgreSQL: rewrite the tables erasures wrote to, so no erased value stays in their files)';

/**
 * `assay-server vacuum-erased` (decision 1002): after erasures on PostgreSQL, `VACUUM FULL` of exactly the tables an
 * erasure writes to, with the server's own settings, one table at a time, saying how long each was locked. Run it beside
 * running servers at a quiet hour: each table is locked for reads and writes while it is rewritten. SQLite needs none.
 */
export const runVacuumErased = async (argv: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> => {
  if (argv.length > 0) return { code: 2, out: USAGE };
  let config: ReturnType<typeof loadConfig>;
  try {
    config = withAbsolutePaths(loadConfig(env), startDirectory(env));
  } catch (error) {
    return { code: 1, out: error instanceof ConfigError ? error.message : String(error) };
  }
  if (config.databaseUrl.startsWith('sqlite:')) {
    return {
      code: 0,
      out: 'ASSAY_DATABASE_URL is SQLite: nothing to do. An erasure overwrites the erased rows in the file (secure_delete) and empties the WAL (docs/data-protection.md).',
    };
  }
  const connection = connect(config.databaseUrl, { pgPoolSize: 1, busyTimeoutMs: config.databaseBusyTimeoutMs });
  const lines = [`VACUUM FULL of the tables erasures write to, in ${describeDatabase(config.databaseUrl)}; each is locked while it is rewritten:`];
  try {
    const done = await vacuumErasedTables(connection, ({ table, ms }) => lines.push(`  ${table}: ${ms} ms`));
    lines.push(
      `Done: ${done.length} tables rewritten; their files hold no erased value now.`,
      'Still the operator’s: the WAL archive, replicas and backups made before (keep them no longer than your retention says).',
    );
    return { code: 0, out: lines.join('\n') };
  } catch (error) {
    lines.push(`Failed: ${(error as Error).message}. The tables done so far are rewritten; running it again does the rest.`);
    return { code: 1, out: lines.join('\n') };
  } finally {
    await connection.db.destroy();
  }
};
