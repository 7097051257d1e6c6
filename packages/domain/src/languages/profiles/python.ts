import type { LanguageProfile } from '../profile.js';
import { PYTHON_IDENTIFIER, PYTHON_KEYWORDS } from './identifiers.js';

/**
 * Python runs in Pyodide (WebAssembly) on a worker thread; arguments arrive as Python values. A stdin/stdout program
 * reads `input()` or `sys.stdin` and prints its answer (decision 1087).
 */
export const pythonProfile: LanguageProfile = {
  id: 'python',
  name: 'Python',
  runtime: 'wasm',
  forms: ['function', 'stdio'],
  needsSignature: false,
  sourceFile: 'solution.py',
  editorMode: 'python',
  indent: '    ',
  identifier: PYTHON_IDENTIFIER,
  reserved: PYTHON_KEYWORDS,
  stub: (functionName, signature) => `def ${functionName}(${(signature?.params ?? []).map((p) => p.name).join(', ')}):\n    pass\n`,
  stdioStub: () =>
    'import sys\n\n\ndef main():\n    # Read the input from stdin (input() or sys.stdin) and print the answer.\n    data = sys.stdin.read().split()\n    n = int(data[0]) if data else 0\n    print(n)\n\n\nmain()\n',
};
