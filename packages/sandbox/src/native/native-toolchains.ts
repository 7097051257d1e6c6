import type { NativeLanguageId } from '../engines.js';

/**
 * What a native language needs of the host, as data: the one description its module carries (`NativeLanguage.toolchain`),
 * availability checks, the jail binds, `installLine()` prints and scripts/native-languages.list is generated from. It
 * lives apart from the modules because the jail reads it and the modules use the jail (decision 1311).
 */
export interface NativeToolchain {
  /** Files that must exist on the host, absolute paths: its commands, and a module its runtime loads (PHP's mbstring). */
  readonly commands: readonly string[];
  /** The Debian packages that provide them (`apt-get install --no-install-recommends`). */
  readonly debianPackages: readonly string[];
  /** The parts of /etc it reads (its own settings), bound read-only into the jail when the host has them. */
  readonly etc: readonly string[];
}

const GO_TOOLS = '/usr/lib/go/pkg/tool/linux_amd64';

/** One entry per native language (engines.ts): a new one does not compile until it has its toolchain here. */
export const NATIVE_TOOLCHAINS = {
  java: { commands: ['/usr/bin/java', '/usr/bin/javac'], debianPackages: ['openjdk-17-jdk-headless'], etc: ['/etc/java-17-openjdk'] },
  c: { commands: ['/usr/bin/gcc', '/usr/bin/addr2line'], debianPackages: ['gcc', 'binutils', 'libc6-dev'], etc: [] },
  cpp: { commands: ['/usr/bin/g++', '/usr/bin/addr2line'], debianPackages: ['g++', 'binutils'], etc: [] },
  csharp: { commands: ['/usr/bin/mono', '/usr/bin/mcs'], debianPackages: ['mono-mcs', 'mono-runtime'], etc: ['/etc/mono'] },
  go: { commands: [`${GO_TOOLS}/compile`, `${GO_TOOLS}/link`, '/bin/sh'], debianPackages: ['golang-go'], etc: [] },
  rust: { commands: ['/usr/bin/rustc', '/usr/bin/cc'], debianPackages: ['rustc'], etc: [] },
  ruby: { commands: ['/usr/bin/ruby'], debianPackages: ['ruby'], etc: [] },
  // Debian 12's php8.2-mbstring (the directory is PHP 8.2's module API): without it `-d extension=mbstring` warns on every run.
  php: { commands: ['/usr/bin/php', '/usr/lib/php/20220829/mbstring.so'], debianPackages: ['php-cli', 'php-mbstring'], etc: ['/etc/php'] },
} as const satisfies { readonly [Id in NativeLanguageId]: NativeToolchain };

const toolchains: readonly NativeToolchain[] = Object.values(NATIVE_TOOLCHAINS);

/** The jail's own package, before any language's. */
export const JAIL_PACKAGES: readonly string[] = ['bubblewrap'];

/**
 * The parts of /etc a jail binds read-only (those the host has): the system's own every toolchain reads (library
 * cache, alternatives symlinks, certificates), then each toolchain's settings. Nothing else of /etc.
 */
export const JAIL_ETC_PARTS: readonly string[] = [
  ...new Set(['/etc/alternatives', '/etc/ld.so.cache', '/etc/ssl/certs', ...toolchains.flatMap((toolchain) => toolchain.etc)]),
];

/** The one line that installs the jail and every native language's toolchain. */
export function installLine(): string {
  const packages = [...JAIL_PACKAGES, ...new Set(toolchains.flatMap((toolchain) => toolchain.debianPackages))];
  return `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}
