import { SYSTEM_ETC_PARTS } from './jail-command.js';
import type { NativeToolchain } from './native-language.js';
import { NATIVE_LANGUAGES } from './native-languages.js';

/**
 * Every native language's toolchain, gathered from the modules that carry them (decision 1311): the jail's /etc binds,
 * the install line. The jail itself (jail-command.ts) is handed the /etc parts, because the modules use the jail and
 * the jail cannot import them (decision 1322).
 */
const toolchains: readonly NativeToolchain[] = Object.values(NATIVE_LANGUAGES).map((module) => module.toolchain);

/** The jail's own package, before any language's. */
export const JAIL_PACKAGES: readonly string[] = ['bubblewrap'];

/**
 * The parts of /etc a jail binds read-only (those the host has): the system's own every toolchain reads (library
 * cache, alternatives symlinks, certificates), then each toolchain's settings. Nothing else of /etc.
 */
export const JAIL_ETC_PARTS: readonly string[] = [...new Set([...SYSTEM_ETC_PARTS, ...toolchains.flatMap((toolchain) => toolchain.etc)])];

/** The one line that installs the jail and every native language's toolchain. */
export function installLine(): string {
  const packages = [...JAIL_PACKAGES, ...new Set(toolchains.flatMap((toolchain) => toolchain.debianPackages))];
  return `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}
