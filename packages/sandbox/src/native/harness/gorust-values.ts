import type { ValueType } from '@assay/domain/languages';
import { parseValueType } from '@assay/domain/languages';

/**
 * Checking a case's JSON arguments against a typed signature before they become literals of Go or Rust source. An
 * argument outside its type (3.5 for an int, 2^31 for an int, "ab" for a char) is the definition's mistake, said
 * in words, never a compile error the candidate would be blamed for.
 */
export class ArgumentMismatch extends Error {}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

export function typeOf(text: string): ValueType {
  const type = parseValueType(text);
  if (type === undefined) throw new ArgumentMismatch(`"${text}" is not a type of the signature vocabulary`);
  return type;
}

/** The one code point of a char argument. */
export function charCodePoint(value: unknown): number {
  if (typeof value !== 'string' || [...value].length !== 1) throw new ArgumentMismatch(`${JSON.stringify(value)} is not one character`);
  return value.codePointAt(0) as number;
}

/** Checks a scalar argument; answers it as the number, boolean or string it is. */
export function checkedScalar(value: unknown, scalar: Extract<ValueType, { kind: 'scalar' }>['scalar']): number | boolean | string {
  switch (scalar) {
    case 'int':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < INT32_MIN || value > INT32_MAX)
        throw new ArgumentMismatch(`${JSON.stringify(value)} is not a 32-bit integer`);
      return value;
    case 'long':
      if (typeof value !== 'number' || !Number.isInteger(value)) throw new ArgumentMismatch(`${JSON.stringify(value)} is not a 64-bit integer`);
      return value;
    case 'double':
      if (typeof value !== 'number') throw new ArgumentMismatch(`${JSON.stringify(value)} is not a number`);
      return value;
    case 'bool':
      if (typeof value !== 'boolean') throw new ArgumentMismatch(`${JSON.stringify(value)} is not true or false`);
      return value;
    case 'string':
      if (typeof value !== 'string') throw new ArgumentMismatch(`${JSON.stringify(value)} is not a string`);
      return value;
    case 'char':
      return charCodePoint(value);
  }
}

export function checkedList(value: unknown): readonly unknown[] {
  if (!Array.isArray(value)) throw new ArgumentMismatch(`${JSON.stringify(value)} is not a list`);
  return value;
}

export function checkedMap(value: unknown): [string, unknown][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ArgumentMismatch(`${JSON.stringify(value)} is not an object (map<string,T>)`);
  return Object.entries(value);
}

/** A string's characters, with the ones a source literal cannot hold raw (quotes, backslash, controls) escaped by `escapeOne`. */
export function escapeString(text: string, escapeOne: (codePoint: number) => string): string {
  let out = '';
  for (const char of text) {
    const codePoint = char.codePointAt(0) as number;
    out +=
      char === '"' || char === '\\' || codePoint < 0x20 || codePoint === 0x7f || (codePoint >= 0xd800 && codePoint <= 0xdfff) ? escapeOne(codePoint) : char;
  }
  return out;
}

/** Parses a case's argument array, checking its length against the signature. */
export function caseArguments(argsJson: string, params: number): unknown[] {
  const args: unknown = JSON.parse(argsJson);
  if (!Array.isArray(args) || args.length !== params)
    throw new ArgumentMismatch(`a case has ${Array.isArray(args) ? args.length : 'no list of'} arguments, the signature ${params}`);
  return args;
}
