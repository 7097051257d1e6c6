import type { NativeLanguageId } from './native-language.js';

/**
 * The Debian packages each native language needs (`apt-get install --no-install-recommends`), and the jail's own.
 * scripts/test.sh and scripts/up.sh --with-languages install the same list; docs/languages.md lists their versions.
 */
export const JAIL_PACKAGES: readonly string[] = ['bubblewrap'];

export const LANGUAGE_PACKAGES: { readonly [Id in NativeLanguageId]: readonly string[] } = {
  java: ['openjdk-17-jdk-headless'],
  c: ['gcc'],
  cpp: ['g++'],
  csharp: ['mono-mcs', 'mono-runtime'],
  go: ['golang-go'],
  rust: ['rustc'],
  ruby: ['ruby'],
  php: ['php-cli', 'php-mbstring'],
};

/** The one line that installs the jail and every native language's toolchain. */
export function installLine(): string {
  const packages = [...JAIL_PACKAGES, ...new Set(Object.values(LANGUAGE_PACKAGES).flat())];
  return `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}
