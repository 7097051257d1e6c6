import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ALL_LANGUAGES, languageName } from '@assay/domain/languages';
import { engineOf } from '../../src/engines.js';
import { installLine } from '../../src/native/jail.js';
import { nativeLanguagesList } from '../../src/native/native-languages-list.js';

/** scripts/native-languages.sh: what scripts/up.sh says about languages and what scripts/test.sh installs. */
const SCRIPTS = join(dirname(fileURLToPath(import.meta.url)), '../../../../scripts');
const SCRIPT = join(SCRIPTS, 'native-languages.sh');

/** The native languages' names in the registry's order, as the scripts say them. */
const NATIVE_NAMES = ALL_LANGUAGES.filter((language) => engineOf(language).family === 'native').map(languageName);
const namesPattern = (names: readonly string[]) => names.map((name) => name.replace(/[+]/g, '\\+')).join(', ');

function shell(commands: string, env: Record<string, string> = {}): string {
  return execFileSync('/bin/bash', ['-c', `source '${SCRIPT}'; ${commands}`], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin', ...env } }).trim();
}

describe('the set-up scripts and the native languages', () => {
  it('read the native languages the registry has (scripts/native-languages.list is generated from it)', () => {
    // Stale: `pnpm --filter @assay/sandbox build && node scripts/write-native-languages.mjs`.
    expect(readFileSync(join(SCRIPTS, 'native-languages.list'), 'utf8')).toBe(nativeLanguagesList());
  });

  it('install the same Debian packages as the sandbox lists', () => {
    const packages = shell(
      'ASSAY_JAIL_COMMAND=/nowhere/bwrap; ASSAY_NATIVE_LANGUAGES=("${ASSAY_NATIVE_LANGUAGES[@]//\\//\\/nowhere\\/}"); assay_native_missing_packages',
    );
    expect(`apt-get install -y --no-install-recommends ${packages}`).toBe(installLine());
  });

  it('say in one line that this machine runs every language', () => {
    expect(shell('assay_native_languages_line')).toBe(
      `Languages: JavaScript, TypeScript, Python, SQL and, jailed, ${NATIVE_NAMES.join(', ')} (every language Assay offers)`,
    );
  });

  it('say which languages are missing and the exact way to add them', () => {
    const line = shell('ASSAY_NATIVE_LANGUAGES[0]="Java:/nowhere/javac:openjdk-17-jdk-headless"; assay_native_languages_line');
    expect(line).toMatch(new RegExp(`^Languages: JavaScript, TypeScript, Python, SQL and, jailed, ${namesPattern(NATIVE_NAMES.slice(1))}; to add the rest: `));
    expect(line).toContain('bash scripts/up.sh --with-languages (or: ');
    expect(line).toMatch(/apt-get install -y --no-install-recommends openjdk-17-jdk-headless\)$/);
  });

  it('say when native languages are turned off', () => {
    expect(shell('assay_native_languages_line', { ASSAY_NATIVE_JAIL: 'off' })).toContain('native languages turned off (ASSAY_NATIVE_JAIL=off)');
  });
});
