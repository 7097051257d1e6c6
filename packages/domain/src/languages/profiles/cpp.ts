import type { LanguageProfile } from '../profile.js';
import type { ValueType } from '../value-type.js';
import { parseValueType } from '../value-type.js';
import { CPP_KEYWORDS, renameReserved } from './c-keywords.js';
import { C_LIKE_IDENTIFIER } from './identifiers.js';
import { C_GRAMMAR_WORDS, cFamily } from '../highlight-grammars.js';
import { cLikeReading } from '../token-reading.js';

const SCALARS = { int: 'int', long: 'long long', double: 'double', bool: 'bool', string: 'string', char: 'char' } as const;

/**
 * The C++ type of a value of the vocabulary, as a stub writes it (after `using namespace std;`): lists are
 * `vector<T>`, maps `map<string, T>` (ordered, so a printed map reads the same every run: decision 720).
 */
export function cppTypeName(type: ValueType): string {
  switch (type.kind) {
    case 'scalar':
      return SCALARS[type.scalar];
    case 'list':
      return `vector<${cppTypeName(type.of)}>`;
    case 'map':
      return `map<string, ${cppTypeName(type.of)}>`;
  }
}

const typeOf = (text: string): string => {
  const type = parseValueType(text);
  return type === undefined ? 'int' : cppTypeName(type);
};

const CPP_GRAMMAR = cFamily(
  `${C_GRAMMAR_WORDS} auto catch class constexpr delete explicit friend mutable namespace new noexcept nullptr operator private protected public template this throw try typename using virtual std string vector map`,
);

/** C++20, compiled by Debian's g++ 12 in a jail; arguments are passed by value (the harness passes lvalues, so `const T&` or `T&` work too). */
export const cppProfile: LanguageProfile<'cpp'> = {
  id: 'cpp',
  name: 'C++',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: true,
  sourceFile: 'solution.cpp',
  editor: { kind: 'legacy', module: 'clike', parser: 'cpp' },
  valueSyntax: 'json',
  grammar: CPP_GRAMMAR,
  tokens: cLikeReading(CPP_KEYWORDS),
  indent: '    ',
  identifier: C_LIKE_IDENTIFIER,
  reserved: CPP_KEYWORDS,
  stub: (functionName, signature) => {
    if (signature === undefined) return `// ${functionName}: this question has no typed signature, which C++ needs.\n`;
    const rename = renameReserved(CPP_KEYWORDS);
    const params = signature.params.map((p) => `${typeOf(p.type)} ${rename(p.name)}`).join(', ');
    return `#include <map>\n#include <string>\n#include <vector>\nusing namespace std;\n\n${typeOf(signature.returns)} ${functionName}(${params}) {\n    return {};\n}\n`;
  },
  stdioStub: () =>
    '#include <iostream>\n#include <string>\nusing namespace std;\n\nint main() {\n    // Read the input from cin and print the answer to cout.\n    int n;\n    if (cin >> n) {\n        cout << n << "\\n";\n    }\n    return 0;\n}\n',
};
