import type { LanguageProfile } from '../profile.js';
import type { ScalarType, Signature, ValueType } from '../value-type.js';
import { parseValueType } from '../value-type.js';
import { C_LIKE_IDENTIFIER } from './identifiers.js';
import { cFamily } from '../highlight-grammars.js';
import { cLikeReading } from '../token-reading.js';

const RUST_SCALARS: { readonly [Scalar in ScalarType]: string } = {
  int: 'i32',
  long: 'i64',
  double: 'f64',
  bool: 'bool',
  string: 'String',
  char: 'char',
};

/** A vocabulary type as Rust writes it, owned (decision 731): `Vec<i32>`, `HashMap<String, Vec<i64>>`. */
export function rustType(type: ValueType): string {
  switch (type.kind) {
    case 'scalar':
      return RUST_SCALARS[type.scalar];
    case 'list':
      return `Vec<${rustType(type.of)}>`;
    case 'map':
      return `HashMap<String, ${rustType(type.of)}>`;
  }
}

const rustTypeOf = (text: string): string => {
  const type = parseValueType(text);
  return type === undefined ? '()' : rustType(type);
};

const RUST_KEYWORDS: ReadonlySet<string> = new Set(
  'as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type union unsafe use where while abstract become box do final macro override priv try typeof unsized virtual yield main'.split(
    ' ',
  ),
);

function rustStub(functionName: string, signature: Signature | undefined): string {
  const params = (signature?.params ?? []).map((param) => `${param.name}: ${rustTypeOf(param.type)}`).join(', ');
  const returns = signature === undefined ? '' : ` -> ${rustTypeOf(signature.returns)}`;
  const usesMap = signature !== undefined && [signature.returns, ...signature.params.map((param) => param.type)].some((type) => type.includes('map<'));
  return `${usesMap ? 'use std::collections::HashMap;\n\n' : ''}pub fn ${functionName}(${params})${returns} {\n    \n}\n`;
}

// A quote in Rust also opens a lifetime (`'a`): only double quotes are strings, which may span lines.
const RUST_GRAMMAR = cFamily(
  'as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while i32 i64 f64 bool char str String Vec HashMap Option Some None Result Ok Err',
  ['"'],
  ['"'],
);

/**
 * Rust 1.63 (Debian rustc, edition 2021): the candidate's file is included into a generated crate root that allows
 * camelCase function names (`#![allow(non_snake_case)]`), so the question's name is used as written.
 */
export const rustProfile: LanguageProfile<'rust'> = {
  id: 'rust',
  name: 'Rust',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: true,
  sourceFile: 'solution.rs',
  editor: { kind: 'legacy', module: 'rust', parser: 'rust' },
  valueSyntax: 'json',
  grammar: RUST_GRAMMAR,
  tokens: cLikeReading(RUST_KEYWORDS),
  indent: '    ',
  identifier: C_LIKE_IDENTIFIER,
  reserved: RUST_KEYWORDS,
  stub: rustStub,
  stdioStub: () =>
    'use std::io::{self, Read};\n\nfn main() {\n    let mut input = String::new();\n    io::stdin().read_to_string(&mut input).unwrap();\n    let numbers: Vec<i64> = input.split_whitespace().map(|word| word.parse().unwrap()).collect();\n    println!("{:?}", numbers);\n}\n',
};
