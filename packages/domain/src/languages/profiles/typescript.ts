import type { LanguageProfile } from '../profile.js';
import { JS_IDENTIFIER } from './identifiers.js';

/** TypeScript is transpiled (types stripped, never checked) and runs as JavaScript in QuickJS. */
export const typescriptProfile: LanguageProfile = {
  id: 'typescript',
  name: 'TypeScript',
  runtime: 'wasm',
  forms: ['function'],
  needsSignature: false,
  sourceFile: 'solution.ts',
  editorMode: 'typescript',
  indent: '  ',
  identifier: JS_IDENTIFIER,
  reserved: new Set(),
  stub: (functionName, signature) => `function ${functionName}(${(signature?.params ?? []).map((p) => p.name).join(', ')}) {\n  \n}\n`,
  stdioStub: () => '',
};
