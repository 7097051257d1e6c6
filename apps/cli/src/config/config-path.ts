import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where profiles are saved: `$ASSAY_CONFIG` when set, else `assay/config.json` in the user's configuration
 * directory — `$XDG_CONFIG_HOME` or `~/.config` (on Windows `%APPDATA%`).
 */
export const configPathOf = (env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform, home: string = homedir()): string => {
  if (env.ASSAY_CONFIG) return env.ASSAY_CONFIG;
  const base = env.XDG_CONFIG_HOME || (platform === 'win32' && env.APPDATA ? env.APPDATA : join(home, '.config'));
  return join(base, 'assay', 'config.json');
};
