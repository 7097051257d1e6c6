import type { ScalarType, ValueType } from '@assay/domain/languages';
import { checkedList, checkedMap, checkedScalar, escapeString } from './gorust-values.js';

const rustStr = (text: string): string =>
  `"${escapeString(text, (codePoint) => (codePoint >= 0xd800 && codePoint <= 0xdfff ? '\\u{fffd}' : `\\u{${codePoint.toString(16)}}`))}"`;

/** JavaScript's shortest round-trip text of a number, as a Rust f64 literal (`5.0f64`, `1e+21f64`). */
function rustFloat(value: number): string {
  const text = String(value);
  return `${text}${/[.e]/.test(text) ? '' : '.0'}f64`;
}

/** A JSON value as an owned Rust expression of the given type (decision 731): `vec![5, 1]`, `String::from("é")`, `'\u{e9}'`. */
export function rustLiteral(value: unknown, type: ValueType): string {
  switch (type.kind) {
    case 'scalar':
      return rustScalar(checkedScalar(value, type.scalar), type.scalar);
    case 'list':
      return `vec![${checkedList(value)
        .map((item) => rustLiteral(item, type.of))
        .join(', ')}]`;
    case 'map':
      return `std::collections::HashMap::from([${checkedMap(value)
        .map(([key, item]) => `(String::from(${rustStr(key)}), ${rustLiteral(item, type.of)})`)
        .join(', ')}])`;
  }
}

function rustScalar(scalar: number | boolean | string, type: ScalarType): string {
  switch (type) {
    case 'char':
      return `'\\u{${(scalar as number).toString(16)}}'`;
    case 'string':
      return `String::from(${rustStr(scalar as string)})`;
    case 'double':
      return rustFloat(scalar as number);
    case 'long':
      return `${String(scalar)}i64`;
    case 'int':
      return `${String(scalar)}i32`;
    case 'bool':
      return String(scalar);
  }
}
