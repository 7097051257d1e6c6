import type { LanguageProfile } from '../profile.js';
import type { ScalarType, Signature, ValueType } from '../value-type.js';
import { parseValueType } from '../value-type.js';
import { C_LIKE_IDENTIFIER } from './identifiers.js';
import { cFamily } from '../highlight-grammars.js';
import { cLikeReading } from '../token-reading.js';

const GO_SCALARS: { readonly [Scalar in ScalarType]: string } = {
  int: 'int',
  long: 'int64',
  double: 'float64',
  bool: 'bool',
  string: 'string',
  char: 'rune',
};

/** A vocabulary type as Go writes it: `[]int`, `map[string][]int64` (int is Go's int: 64-bit, holds every 32-bit value). */
export function goType(type: ValueType): string {
  switch (type.kind) {
    case 'scalar':
      return GO_SCALARS[type.scalar];
    case 'list':
      return `[]${goType(type.of)}`;
    case 'map':
      return `map[string]${goType(type.of)}`;
  }
}

const goTypeOf = (text: string): string => {
  const type = parseValueType(text);
  return type === undefined ? 'any' : goType(type);
};

const GO_KEYWORDS: ReadonlySet<string> = new Set(
  'break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var main init'.split(
    ' ',
  ),
);

function goStub(functionName: string, signature: Signature | undefined): string {
  const params = (signature?.params ?? []).map((param) => `${param.name} ${goTypeOf(param.type)}`).join(', ');
  const returns = signature === undefined ? '' : ` ${goTypeOf(signature.returns)}`;
  return `func ${functionName}(${params})${returns} {\n\t\n}\n`;
}

const GO_GRAMMAR = cFamily(
  'break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var true false nil int int64 float64 string bool byte rune error make len append',
  ['`', '"', "'"],
  ['`'],
);

/** Go 1.19 (Debian golang): the candidate's file is package main, compiled with a generated harness file beside it. */
export const goProfile: LanguageProfile<'go'> = {
  id: 'go',
  name: 'Go',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: true,
  sourceFile: 'solution.go',
  editor: { kind: 'legacy', module: 'go', parser: 'go' },
  valueSyntax: 'json',
  grammar: GO_GRAMMAR,
  tokens: cLikeReading(GO_KEYWORDS),
  indent: '\t',
  identifier: C_LIKE_IDENTIFIER,
  reserved: GO_KEYWORDS,
  stub: goStub,
  stdioStub: () =>
    'package main\n\nimport (\n\t"bufio"\n\t"fmt"\n\t"os"\n)\n\nfunc main() {\n\tin := bufio.NewReader(os.Stdin)\n\tvar n int\n\tfmt.Fscan(in, &n)\n\tfmt.Println(n)\n}\n',
};
