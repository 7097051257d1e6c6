import type { LanguageProfile } from '../profile.js';
import { JS_IDENTIFIER } from './identifiers.js';

/** JavaScript runs in QuickJS (WebAssembly) on a worker thread; arguments arrive as JavaScript values. */
export const javascriptProfile: LanguageProfile = {
  id: 'javascript',
  name: 'JavaScript',
  runtime: 'wasm',
  forms: ['function'],
  needsSignature: false,
  sourceFile: 'solution.js',
  editorMode: 'javascript',
  indent: '  ',
  identifier: JS_IDENTIFIER,
  reserved: new Set(),
  stub: (functionName, signature) => `function ${functionName}(${(signature?.params ?? []).map((p) => p.name).join(', ')}) {\n  \n}\n`,
  stdioStub: () => '',
};
