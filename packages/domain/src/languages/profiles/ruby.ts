import type { LanguageProfile } from '../profile.js';

const RUBY_KEYWORDS: ReadonlySet<string> = new Set(
  '__ENCODING__ __LINE__ __FILE__ BEGIN END alias and begin break case class def defined? do else elsif end ensure false for if in module next nil not or redo rescue retry return self super then true undef unless until when while yield'.split(
    ' ',
  ),
);

/** Ruby 3.1 (Debian): dynamic, so a function question needs no signature; arguments arrive through the stdlib's JSON. */
export const rubyProfile: LanguageProfile = {
  id: 'ruby',
  name: 'Ruby',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: false,
  sourceFile: 'solution.rb',
  editorMode: 'ruby',
  indent: '  ',
  // A method named with a capital first letter is callable only with parentheses: still a method (the harness uses send).
  identifier: /^[A-Za-z_][A-Za-z0-9_]*[?!]?$/,
  reserved: RUBY_KEYWORDS,
  stub: (functionName, signature) => `def ${functionName}(${(signature?.params ?? []).map((param) => param.name).join(', ')})\n  \nend\n`,
  stdioStub: () => 'n, k = gets.split.map(&:to_i)\nputs n + k\n',
};
