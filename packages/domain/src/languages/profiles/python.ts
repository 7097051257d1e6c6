import type { LanguageProfile } from '../profile.js';
import { PYTHON_IDENTIFIER, PYTHON_KEYWORDS } from './identifiers.js';
import { type Grammar, words } from '../highlight-grammars.js';

const PYTHON_GRAMMAR: Grammar = {
  keywords: words(
    'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield self print len range',
  ),
  lineComments: ['#'],
  strings: ['"""', "'''", '"', "'"],
  multiline: new Set(['"""', "'''"]),
};

/** The words similarity keeps as written: the keywords, and the builtins (which of them a solution reaches for is part of its shape). */
const PYTHON_KEPT_WORDS = words(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is ' +
    'lambda nonlocal not or pass raise return try while with yield match case ' +
    'len range print sorted sum min max abs int str float list dict set tuple enumerate zip map filter any all reversed isinstance ' +
    'round ord chr bool divmod pow iter next',
);

/**
 * Python runs in Pyodide (WebAssembly) on a worker thread; arguments arrive as Python values. A stdin/stdout program
 * reads `input()` or `sys.stdin` and prints its answer (decision 1087).
 */
export const pythonProfile: LanguageProfile<'python'> = {
  id: 'python',
  name: 'Python',
  runtime: 'wasm',
  forms: ['function', 'stdio'],
  needsSignature: false,
  sourceFile: 'solution.py',
  editor: { kind: 'python' },
  valueSyntax: 'python',
  grammar: PYTHON_GRAMMAR,
  tokens: { hashComments: true, keptWords: PYTHON_KEPT_WORDS },
  indent: '    ',
  identifier: PYTHON_IDENTIFIER,
  reserved: PYTHON_KEYWORDS,
  stub: (functionName, signature) => `def ${functionName}(${(signature?.params ?? []).map((p) => p.name).join(', ')}):\n    pass\n`,
  stdioStub: () =>
    'import sys\n\n\ndef main():\n    # Read the input from stdin (input() or sys.stdin) and print the answer.\n    data = sys.stdin.read().split()\n    n = int(data[0]) if data else 0\n    print(n)\n\n\nmain()\n',
};
