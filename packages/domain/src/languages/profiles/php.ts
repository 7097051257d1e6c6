import type { LanguageProfile } from '../profile.js';
import { type Grammar, words } from '../highlight-grammars.js';
import { cLikeReading } from '../token-reading.js';

const PHP_RESERVED: ReadonlySet<string> = new Set(
  '__halt_compiler abstract and array as break callable case catch class clone const continue declare default die do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile enum eval exit extends final finally fn for foreach function global goto if implements include include_once instanceof insteadof interface isset list match namespace new or print private protected public readonly require require_once return static switch throw trait try unset use var while xor yield'.split(
    ' ',
  ),
);

const PHP_GRAMMAR: Grammar = {
  keywords: words(
    'abstract and array as break callable case catch class clone const continue declare default do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile extends false final finally fn for foreach function global if implements include instanceof insteadof interface isset list match namespace new null or print private protected public readonly require return static switch throw trait true try unset use var while yield int float string bool php',
  ),
  lineComments: ['//', '#'],
  blockComment: ['/*', '*/'],
  strings: ['"', "'"],
  multiline: new Set(['"', "'"]),
};

/** PHP 8.2 (Debian php-cli): dynamic, so a function question needs no signature; arguments arrive through json_decode. */
export const phpProfile: LanguageProfile<'php'> = {
  id: 'php',
  name: 'PHP',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: false,
  sourceFile: 'solution.php',
  editor: { kind: 'php' },
  valueSyntax: 'json',
  grammar: PHP_GRAMMAR,
  tokens: cLikeReading(PHP_RESERVED),
  indent: '    ',
  identifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  reserved: PHP_RESERVED,
  stub: (functionName, signature) => `<?php\nfunction ${functionName}(${(signature?.params ?? []).map((param) => `$${param.name}`).join(', ')}) {\n    \n}\n`,
  stdioStub: () => "<?php\n[$n, $k] = array_map('intval', explode(' ', trim(fgets(STDIN))));\necho $n + $k, \"\\n\";\n",
};
