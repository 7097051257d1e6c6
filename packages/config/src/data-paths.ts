import { isAbsolute, resolve } from 'node:path';

/**
 * Where relative paths in the settings point: the directory Assay was started from. `pnpm` runs scripts
 * inside a package but says where it was invoked (INIT_CWD); `bash scripts/up.sh` and `pnpm start` start
 * from the repository root, so `sqlite:./data/assay.db` is `<repo>/data/assay.db` as the README says.
 */
export const startDirectory = (env: NodeJS.ProcessEnv = process.env): string => env.INIT_CWD ?? process.cwd();

const absolute = (path: string, base: string): string => (isAbsolute(path) ? path : resolve(base, path));

/** The SQLite file of a `sqlite:PATH` URL made absolute; other URLs (and `:memory:`) unchanged. */
export const resolveDatabaseUrl = (url: string, base: string): string => {
  if (!url.startsWith('sqlite:')) return url;
  const path = url.slice('sqlite:'.length);
  return path === ':memory:' ? url : `sqlite:${absolute(path, base)}`;
};

/** The settings that name files, made absolute against `base`. */
export const withAbsolutePaths = <T extends { databaseUrl: string; outboxDir: string }>(config: T, base: string): T => ({
  ...config,
  databaseUrl: resolveDatabaseUrl(config.databaseUrl, base),
  outboxDir: absolute(config.outboxDir, base),
});
