import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { UsageError } from '../errors.js';

export const Profile = z.object({
  url: z.url({ protocol: /^https?$/ }),
  apiKey: z.string().min(1).optional(),
  adminToken: z.string().min(1).optional(),
  /** `assay login --insecure-http` accepted plain http to another machine for this URL. */
  insecureHttp: z.boolean().optional(),
});
export type Profile = z.infer<typeof Profile>;

export const ConfigFile = z.object({ profiles: z.record(z.string(), Profile) });
export type ConfigFile = z.infer<typeof ConfigFile>;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The saved profiles; none when the file does not exist yet. A damaged file is a usage error that names it. */
export const readConfig = async (path: string): Promise<ConfigFile> => {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) return { profiles: {} };
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`${path} is not valid JSON: fix it or run \`assay login\` again after removing it.`);
  }
  const config = ConfigFile.safeParse(parsed);
  if (!config.success) throw new UsageError(`${path} is not an assay configuration: ${z.prettifyError(config.error)}`);
  return config.data;
};

/**
 * Saves one profile beside the others. The file holds API keys, so it is written with mode 0600 (and its
 * directory 0700) through a temporary file, and the mode is set again in case an older file was readable.
 */
export const saveProfile = async (path: string, name: string, profile: Profile): Promise<ConfigFile> => {
  const current = await readConfig(path);
  const next: ConfigFile = { profiles: { ...current.profiles, [name]: profile } };
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const partial = `${path}.${process.pid}.tmp`;
  await writeFile(partial, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  await chmod(partial, 0o600);
  await rename(partial, path);
  return next;
};
