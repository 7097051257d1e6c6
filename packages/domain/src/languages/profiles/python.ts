import type { LanguageProfile } from '../profile.js';
import { PYTHON_IDENTIFIER, PYTHON_KEYWORDS } from './identifiers.js';

/** Python runs in Pyodide (WebAssembly) on a worker thread; arguments arrive as Python values. */
export const pythonProfile: LanguageProfile = {
  id: 'python',
  name: 'Python',
  runtime: 'wasm',
  forms: ['function'],
  needsSignature: false,
  sourceFile: 'solution.py',
  editorMode: 'python',
  indent: '    ',
  identifier: PYTHON_IDENTIFIER,
  reserved: PYTHON_KEYWORDS,
  stub: (functionName, signature) => `def ${functionName}(${(signature?.params ?? []).map((p) => p.name).join(', ')}):\n    pass\n`,
  stdioStub: () => '',
};
