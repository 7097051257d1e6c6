import type { ScalarType, ValueType } from '@assay/domain/languages';
import { cppTypeName } from '@assay/domain/languages';

/**
 * JSON values as C and C++ source literals, typed by the question's signature: the harness builds each case's
 * arguments at compile time, so nothing inside the jail parses JSON (decision 722). A value that does not fit its
 * type is the question's fault, not the candidate's: it throws ArgumentTypeError.
 */
export class ArgumentTypeError extends Error {}

const INT32 = [-(2 ** 31), 2 ** 31 - 1] as const;

/** A string literal: printable ASCII as is, everything else (and `"`, `\`, `?` against trigraphs) as octal escapes. */
export function cStringLiteral(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    const printable = byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c && byte !== 0x3f;
    out += printable ? String.fromCharCode(byte) : `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out}"`;
}

/** A scalar as a C expression (shared by C and C++). */
export function scalarLiteral(scalar: ScalarType, value: unknown, where: string): string {
  switch (scalar) {
    case 'int':
    case 'long': {
      if (typeof value !== 'number' || !Number.isInteger(value)) throw new ArgumentTypeError(`${where} is not an integer`);
      if (scalar === 'int' && (value < INT32[0] || value > INT32[1])) throw new ArgumentTypeError(`${where} does not fit a 32-bit int`);
      // The most negative value has no literal of its own: write it as (min + 1) - 1.
      const text = value < 0 ? `(-${-value - 1}${scalar === 'long' ? 'LL' : ''} - 1)` : `${value}${scalar === 'long' ? 'LL' : ''}`;
      return text;
    }
    case 'double': {
      if (typeof value !== 'number') throw new ArgumentTypeError(`${where} is not a number`);
      const text = String(value);
      return /[.e]/.test(text) ? text : `${text}.0`;
    }
    case 'bool':
      if (typeof value !== 'boolean') throw new ArgumentTypeError(`${where} is not true or false`);
      return value ? 'true' : 'false';
    case 'char': {
      if (typeof value !== 'string' || value.length !== 1 || value.charCodeAt(0) > 0x7f) {
        throw new ArgumentTypeError(`${where} is not one ASCII character (a char in C and C++ is one byte)`);
      }
      return `(char)${value.charCodeAt(0)}`;
    }
    case 'string':
      if (typeof value !== 'string') throw new ArgumentTypeError(`${where} is not a string`);
      return cStringLiteral(value);
  }
}

/** The fully qualified C++ type (the harness never relies on the candidate's `using namespace std`). */
export function cppQualifiedType(type: ValueType): string {
  return cppTypeName(type)
    .replace(/\bvector</g, 'std::vector<')
    .replace(/\bmap</g, 'std::map<')
    .replace(/\bstring\b/g, 'std::string');
}

/** A value as a C++ expression of its type: `std::vector<int>{5, 1}`, `std::string("a\000b", 3)`, `std::map<…>{{"k", 1}}`. */
export function cppLiteral(type: ValueType, value: unknown, where: string): string {
  switch (type.kind) {
    case 'scalar':
      if (type.scalar === 'string') {
        const literal = scalarLiteral('string', value, where);
        return `std::string(${literal}, ${Buffer.byteLength(value as string, 'utf8')})`;
      }
      return scalarLiteral(type.scalar, value, where);
    case 'list': {
      if (!Array.isArray(value)) throw new ArgumentTypeError(`${where} is not a list`);
      const items = value.map((item, index) => cppLiteral(type.of, item, `${where}[${index}]`));
      return `${cppQualifiedType(type)}{${items.join(', ')}}`;
    }
    case 'map': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ArgumentTypeError(`${where} is not a map`);
      const entries = Object.entries(value).map(
        ([key, item]) => `{${cppLiteral({ kind: 'scalar', scalar: 'string' }, key, where)}, ${cppLiteral(type.of, item, `${where}.${key}`)}}`,
      );
      return `${cppQualifiedType(type)}{${entries.join(', ')}}`;
    }
  }
}
