import type { LanguageProfile } from '../profile.js';
import { JS_IDENTIFIER } from './identifiers.js';
import { JAVASCRIPT_GRAMMAR } from '../highlight-grammars.js';
import { JS_KEPT_WORDS } from '../token-reading.js';

/**
 * JavaScript runs in QuickJS (WebAssembly) on a worker thread; arguments arrive as JavaScript values. A stdin/stdout
 * program reads `require('fs').readFileSync(0, 'utf8')` (or readline) and prints with console.log (decision 1087).
 */
export const javascriptProfile: LanguageProfile<'javascript'> = {
  id: 'javascript',
  name: 'JavaScript',
  runtime: 'wasm',
  forms: ['function', 'stdio'],
  needsSignature: false,
  sourceFile: 'solution.js',
  editor: { kind: 'javascript' },
  valueSyntax: 'json',
  grammar: JAVASCRIPT_GRAMMAR,
  tokens: { hashComments: false, keptWords: JS_KEPT_WORDS },
  indent: '  ',
  identifier: JS_IDENTIFIER,
  reserved: new Set(),
  stub: (functionName, signature) => `function ${functionName}(${(signature?.params ?? []).map((p) => p.name).join(', ')}) {\n  \n}\n`,
  stdioStub: () =>
    "const input = require('fs').readFileSync(0, 'utf8');\n// Read the input (one string) and print the answer with console.log.\nconst numbers = input.split(/\\s+/).filter(Boolean).map(Number);\nconsole.log(numbers[0]);\n",
};
