import type { LanguageProfile } from '../profile.js';

const PHP_RESERVED: ReadonlySet<string> = new Set(
  '__halt_compiler abstract and array as break callable case catch class clone const continue declare default die do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile enum eval exit extends final finally fn for foreach function global goto if implements include include_once instanceof insteadof interface isset list match namespace new or print private protected public readonly require require_once return static switch throw trait try unset use var while xor yield'.split(
    ' ',
  ),
);

/** PHP 8.2 (Debian php-cli): dynamic, so a function question needs no signature; arguments arrive through json_decode. */
export const phpProfile: LanguageProfile = {
  id: 'php',
  name: 'PHP',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: false,
  sourceFile: 'solution.php',
  editorMode: 'php',
  indent: '    ',
  identifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  reserved: PHP_RESERVED,
  stub: (functionName, signature) => `<?php\nfunction ${functionName}(${(signature?.params ?? []).map((param) => `$${param.name}`).join(', ')}) {\n    \n}\n`,
  stdioStub: () => "<?php\n[$n, $k] = array_map('intval', explode(' ', trim(fgets(STDIN))));\necho $n + $k, \"\\n\";\n",
};
