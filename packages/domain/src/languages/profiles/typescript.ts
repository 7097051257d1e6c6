import type { LanguageProfile } from '../profile.js';
import type { ScalarType, Signature, ValueType } from '../value-type.js';
import { parseValueType } from '../value-type.js';
import { JS_IDENTIFIER } from './identifiers.js';
import { JAVASCRIPT_GRAMMAR, JS_GRAMMAR_WORDS, words } from '../highlight-grammars.js';
import { JS_KEPT_WORDS } from '../token-reading.js';

const TS_SCALARS: { readonly [Scalar in ScalarType]: string } = {
  int: 'number',
  long: 'number',
  double: 'number',
  bool: 'boolean',
  string: 'string',
  char: 'string',
};

/** A vocabulary type as TypeScript writes it: `number[]`, `number[][]`, `Record<string, string[]>` (every number is a JavaScript number). */
export function typescriptType(type: ValueType): string {
  switch (type.kind) {
    case 'scalar':
      return TS_SCALARS[type.scalar];
    case 'list':
      return `${typescriptType(type.of)}[]`;
    case 'map':
      return `Record<string, ${typescriptType(type.of)}>`;
  }
}

const typeOf = (text: string): string => {
  const type = parseValueType(text);
  return type === undefined ? 'unknown' : typescriptType(type);
};

/** Typed from the signature when the question has one (decision 1082), else the parameters' names alone. */
function typescriptStub(functionName: string, signature: Signature | undefined): string {
  if (signature === undefined) return `function ${functionName}() {\n  \n}\n`;
  const params = signature.params.map((param) => `${param.name}: ${typeOf(param.type)}`).join(', ');
  return `function ${functionName}(${params}): ${typeOf(signature.returns)} {\n  \n}\n`;
}

const TYPESCRIPT_GRAMMAR = {
  ...JAVASCRIPT_GRAMMAR,
  keywords: words(
    `${JS_GRAMMAR_WORDS} abstract any as boolean declare enum implements interface keyof namespace never number private protected public readonly string type unknown`,
  ),
};

/**
 * TypeScript is transpiled (types stripped, never checked) and runs as JavaScript in QuickJS. A stdin/stdout program
 * imports `readFileSync` from 'fs' (or readline) and prints with console.log (decision 1087).
 */
export const typescriptProfile: LanguageProfile<'typescript'> = {
  id: 'typescript',
  name: 'TypeScript',
  runtime: 'wasm',
  forms: ['function', 'stdio'],
  needsSignature: false,
  sourceFile: 'solution.ts',
  editor: { kind: 'javascript', typescript: true },
  valueSyntax: 'json',
  grammar: TYPESCRIPT_GRAMMAR,
  tokens: { hashComments: false, keptWords: JS_KEPT_WORDS, comparedWith: 'javascript' },
  indent: '  ',
  identifier: JS_IDENTIFIER,
  reserved: new Set(),
  stub: typescriptStub,
  stdioStub: () =>
    "import { readFileSync } from 'fs';\n\nconst input: string = readFileSync(0, 'utf8');\n// Read the input (one string) and print the answer with console.log.\nconst numbers: number[] = input.split(/\\s+/).filter(Boolean).map(Number);\nconsole.log(numbers[0]);\n",
};
