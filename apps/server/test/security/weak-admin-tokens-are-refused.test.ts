import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@assay/config';

/** What a start with this admin token says: undefined when it starts, else the refusal. */
const refusalOf = (token: string): string | undefined => {
  try {
    loadConfig({ ASSAY_ADMIN_TOKEN: token });
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
};

/**
 * Attack class: an admin token someone can guess — long enough, but made of few characters, of one short block
 * repeated, or of one character with a little garnish. The server refuses to start with it, naming the setting and
 * never quoting the token. Real random tokens of the minimum length (24 characters: base64, letters and digits,
 * hex) start.
 */
describe('weak admin tokens are refused at start', () => {
  it.each([
    ['a word of 8 letters three times', 'abcdefgh'.repeat(3)],
    ['a word of 9 letters three times', 'abcdefghi'.repeat(3)],
    ['a word of 12 letters twice', 'abcdefghijkl'.repeat(2)],
    ['a repeated word with a partial tail', `${'Pa$sw0rd'.repeat(3)}Pa$`],
    ['a repeated pair', 'xY'.repeat(16)],
    ['one character with a little garnish', `${'a'.repeat(24)}bcdefghi`],
    ['too few different characters', 'aabbccddeeffgg'.repeat(2)],
    ['one character', 'y'.repeat(40)],
    ['whitespace', ' '.repeat(32)],
  ])('%s', (_kind, token) => {
    const refusal = refusalOf(token);
    expect(refusal).toMatch(/ASSAY_ADMIN_TOKEN/);
    expect(refusal).not.toContain(token.slice(0, 8));
  });

  it.each([
    ['openssl rand -base64 18', 'O1EwiHVnO0ABQJ6vaQgqXPBD'],
    ['openssl rand -base64 32', 'p1UXBqs+P7xTpjTYwdYWGVYKxNUzVfeuVEgOorT2bwI='],
    ['24 letters and digits', 'Zq8vT2kLm9pXr4sWn6yBc1dE'],
    ['24 hex digits', '815976f39e8b395ee6de1348'],
    ['the tests’ own', 'admin-token-for-tests-0123456789'],
  ])('%s starts', (_kind, token) => {
    expect(refusalOf(token)).toBeUndefined();
  });
});
