import type { LanguageProfile } from '../profile.js';

/** Ruby: filled in by its language module's work (issue 49); the stub below is a placeholder. */
export const rubyProfile: LanguageProfile = {
  id: 'ruby',
  name: 'Ruby',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: false,
  sourceFile: 'solution.rb',
  editorMode: 'ruby',
  indent: '  ',
  identifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  reserved: new Set(),
  stub: () => '',
  stdioStub: () => '',
};
