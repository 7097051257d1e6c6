import type { LanguageProfile } from '../profile.js';
import type { Signature, ValueType } from '../value-type.js';
import { parseValueType } from '../value-type.js';
import { C_KEYWORDS, renameReserved } from './c-keywords.js';
import { cDeclaration, cShapeOf, cSignatureRefusal } from './c-signature.js';
import { C_LIKE_IDENTIFIER } from './identifiers.js';
import { C_GRAMMAR_WORDS, cFamily } from '../highlight-grammars.js';
import { cLikeReading } from '../token-reading.js';

const INCLUDES = '#include <stdbool.h>\n#include <stdlib.h>\n#include <string.h>\n';

/** The body of a stub: it compiles and returns an empty value, so Run works before the first line is written. */
function stubBody(signature: Signature): string {
  const shape = cShapeOf(parseValueType(signature.returns) as ValueType);
  if (shape === undefined) return '';
  if (shape.depth === 0) {
    const empty = { int: '0', long: '0', double: '0.0', bool: 'false', string: '""', char: "'\\0'" }[shape.scalar];
    return `    return ${empty};\n`;
  }
  const rows = shape.depth === 2 ? "    *returnColumnSizes = NULL; /* and each row's length, in a malloc'd array */\n" : '';
  return `    /* Return an array allocated with malloc; write its length to *returnSize. */\n    *returnSize = 0;\n${rows}    return NULL;\n`;
}

/** C17, compiled by Debian's gcc 12 in a jail; a typed signature is written the LeetCode way (decision 721). */
export const cProfile: LanguageProfile<'c'> = {
  id: 'c',
  name: 'C',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: true,
  sourceFile: 'solution.c',
  editor: { kind: 'legacy', module: 'clike', parser: 'c' },
  valueSyntax: 'json',
  grammar: cFamily(C_GRAMMAR_WORDS),
  tokens: cLikeReading(C_KEYWORDS),
  indent: '    ',
  identifier: C_LIKE_IDENTIFIER,
  reserved: C_KEYWORDS,
  signatureRefusal: cSignatureRefusal,
  stub: (functionName, signature) => {
    if (signature === undefined) return `/* ${functionName}: this question has no typed signature, which C needs. */\n`;
    const refusal = cSignatureRefusal(signature);
    if (refusal !== undefined) return `/* ${refusal} */\n`;
    return `${INCLUDES}\n${cDeclaration(functionName, signature, renameReserved(C_KEYWORDS))} {\n${stubBody(signature)}}\n`;
  },
  stdioStub: () =>
    `#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\nint main(void) {\n    /* Read the input from stdin (scanf, fgets) and print the answer to stdout. */\n    int n;\n    if (scanf("%d", &n) == 1) {\n        printf("%d\\n", n);\n    }\n    return 0;\n}\n`,
};
