import type { LanguageProfile } from '../profile.js';
import { type Grammar, words } from '../highlight-grammars.js';

const RUBY_KEYWORDS: ReadonlySet<string> = new Set(
  '__ENCODING__ __LINE__ __FILE__ BEGIN END alias and begin break case class def defined? do else elsif end ensure false for if in module next nil not or redo rescue retry return self super then true undef unless until when while yield'.split(
    ' ',
  ),
);

const RUBY_GRAMMAR: Grammar = {
  keywords: words(
    'BEGIN END alias and begin break case class def defined? do else elsif end ensure false for if in module next nil not or puts redo rescue retry return self super then true undef unless until when while yield attr_accessor require',
  ),
  lineComments: ['#'],
  strings: ['"', "'"],
  multiline: new Set(['"', "'"]),
};

/** Ruby 3.1 (Debian): dynamic, so a function question needs no signature; arguments arrive through the stdlib's JSON. */
export const rubyProfile: LanguageProfile<'ruby'> = {
  id: 'ruby',
  name: 'Ruby',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: false,
  sourceFile: 'solution.rb',
  editor: { kind: 'legacy', module: 'ruby', parser: 'ruby' },
  valueSyntax: 'json',
  grammar: RUBY_GRAMMAR,
  tokens: { hashComments: true, keptWords: RUBY_KEYWORDS },
  indent: '  ',
  // A method named with a capital first letter is callable only with parentheses: still a method (the harness uses send).
  identifier: /^[A-Za-z_][A-Za-z0-9_]*[?!]?$/,
  reserved: RUBY_KEYWORDS,
  stub: (functionName, signature) => `def ${functionName}(${(signature?.params ?? []).map((param) => param.name).join(', ')})\n  \nend\n`,
  stdioStub: () => 'n, k = gets.split.map(&:to_i)\nputs n + k\n',
};
