import type { ScalarType, Signature, ValueType } from '@assay/domain/languages';
import { parsedSignature } from '@assay/domain/languages';
import type { NativeRunResult } from '../native-language.js';
import type { ExactJson } from './exact-json.js';
import { parseExactJson } from './exact-json.js';

/**
 * A function run's cases as data, never as source literals (decision 1085): the harness reads this file from its
 * working directory and converts each argument to the signature's type, so a case of any size compiles the same
 * small program (Java's literals once hit `code too large` and `constant string too long`). The form is the
 * simplest a harness can read without a JSON parser, typed by the signature:
 *
 *   file   := <cases> "\n" { <bytes of the case> "\n" case }      (a harness can skip a case it need not decode)
 *   case   := the arguments in order, each a value of its type
 *   int, long := decimal digits "\n"      double := the JSON number's text "\n"      bool := "1" | "0" "\n"
 *   char   := the character's code in the language's char (a UTF-16 unit, a byte, a code point) "\n"
 *   string := <UTF-8 bytes> "\n" the bytes
 *   list   := <items> "\n" the items        map := <entries> "\n" { key string, value }        null := "-1\n"
 */
export const CASES_FILE = 'assay-cases';

/** Where a language's types differ: what its char holds, and whether a list or a map may be null. */
export interface CaseDataRules {
  /** The char's code in the language, or undefined when the text is not one of its chars. */
  readonly char: (text: string) => number | undefined;
  /** What the language's char is, for a refusal ("one UTF-16 character"). */
  readonly charIs: string;
  readonly nullable: boolean;
}

/** An authored argument does not fit the signature: the question's mistake, never blamed on the candidate's code. */
export class CaseDataMismatch extends Error {}

const INT_RANGE = [-(2n ** 31n), 2n ** 31n - 1n] as const;
const LONG_RANGE = [-(2n ** 63n), 2n ** 63n - 1n] as const;

/** The file of a run's cases; throws CaseDataMismatch naming the case and the argument that does not fit. */
export function caseData(signature: Signature, argsJson: readonly string[], rules: CaseDataRules): Buffer {
  const { params } = parsedSignature(signature);
  const cases = argsJson.map((json, index) => {
    const args = parseExactJson(json);
    if (args.kind !== 'array' || args.items.length !== params.length) {
      throw new CaseDataMismatch(`case ${index + 1} does not give ${params.length} argument${params.length === 1 ? '' : 's'}`);
    }
    const parts: Buffer[] = [];
    params.forEach((param, at) => encode(args.items[at] as ExactJson, param.type, rules, `case ${index + 1}, ${param.name}`, parts));
    return Buffer.concat(parts);
  });
  return Buffer.concat([Buffer.from(`${cases.length}\n`), ...cases.flatMap((bytes) => [Buffer.from(`${bytes.length}\n`), bytes])]);
}

function encode(value: ExactJson, type: ValueType, rules: CaseDataRules, path: string, out: Buffer[]): void {
  const line = (text: string): void => {
    out.push(Buffer.from(`${text}\n`));
  };
  const mismatch = () => new CaseDataMismatch(`${path} is not ${describe(type, rules)}`);
  if (type.kind !== 'scalar' && value.kind === 'null' && rules.nullable) {
    line('-1');
  } else if (type.kind === 'list') {
    if (value.kind !== 'array') throw mismatch();
    line(String(value.items.length));
    value.items.forEach((item, index) => encode(item, type.of, rules, `${path}[${index}]`, out));
  } else if (type.kind === 'map') {
    if (value.kind !== 'object') throw mismatch();
    line(String(value.entries.length));
    for (const [key, item] of value.entries) {
      encodeString(key, out);
      encode(item, type.of, rules, `${path}.${key}`, out);
    }
  } else if (type.scalar === 'string') {
    if (value.kind !== 'string') throw mismatch();
    encodeString(value.value, out);
  } else {
    const text = scalarText(value, type.scalar, rules);
    if (text === undefined) throw mismatch();
    line(text);
  }
}

/** A number's, a boolean's or a char's line, or undefined when the value is not of the scalar's type. */
function scalarText(value: ExactJson, scalar: Exclude<ScalarType, 'string'>, rules: CaseDataRules): string | undefined {
  switch (scalar) {
    case 'int':
    case 'long': {
      if (value.kind !== 'number' || !/^-?\d+$/.test(value.text)) return undefined;
      const [min, max] = scalar === 'int' ? INT_RANGE : LONG_RANGE;
      const n = BigInt(value.text);
      return n < min || n > max ? undefined : n.toString();
    }
    case 'double':
      return value.kind === 'number' ? value.text : undefined;
    case 'bool':
      return value.kind === 'bool' ? (value.value ? '1' : '0') : undefined;
    case 'char': {
      const code = value.kind === 'string' ? rules.char(value.value) : undefined;
      return code === undefined ? undefined : String(code);
    }
  }
}

function encodeString(text: string, out: Buffer[]): void {
  const bytes = Buffer.from(text, 'utf8');
  out.push(Buffer.from(`${bytes.length}\n`), bytes);
}

function describe(type: ValueType, rules: CaseDataRules): string {
  if (type.kind === 'list') return 'a list';
  if (type.kind === 'map') return 'an object (map<string,T>)';
  switch (type.scalar) {
    case 'int':
      return 'a 32-bit integer';
    case 'long':
      return 'a 64-bit integer';
    case 'double':
      return 'a number';
    case 'bool':
      return 'true or false';
    case 'string':
      return 'a string';
    case 'char':
      return rules.charIs;
  }
}

/** The char rules of the languages: Java and C# hold a UTF-16 unit, C and C++ a byte (ASCII), Go and Rust a code point. */
export const UTF16_CHAR: Pick<CaseDataRules, 'char' | 'charIs'> = {
  char: (text) => (text.length === 1 ? text.charCodeAt(0) : undefined),
  charIs: 'one character (a UTF-16 unit)',
};
export const BYTE_CHAR: Pick<CaseDataRules, 'char' | 'charIs'> = {
  char: (text) => (text.length === 1 && text.charCodeAt(0) <= 0x7f ? text.charCodeAt(0) : undefined),
  charIs: 'one ASCII character (a char in C and C++ is one byte)',
};
export const CODE_POINT_CHAR: Pick<CaseDataRules, 'char' | 'charIs'> = {
  char: (text) => {
    const points = [...text];
    return points.length === 1 ? text.codePointAt(0) : undefined;
  },
  charIs: 'one character',
};

/** A run whose arguments do not fit the signature answers every case with the question's mistake, in words. */
export function caseDataRefused(error: unknown): NativeRunResult {
  if (!(error instanceof CaseDataMismatch)) throw error;
  const message = `The question's test arguments do not fit its signature: ${error.message}`;
  return { kind: 'compileError', diagnostics: [{ message }], output: message };
}

/** A list or a map: what a generated harness reads with a reader of its own. */
export type CompositeType = Exclude<ValueType, { kind: 'scalar' }>;

/** The distinct lists and maps of some types, innermost first: each gets one reader in a generated harness. */
export function compositeTypes(types: readonly ValueType[]): CompositeType[] {
  const seen = new Map<string, CompositeType>();
  const visit = (type: ValueType): void => {
    if (type.kind === 'scalar') return;
    visit(type.of);
    const key = typeKey(type);
    if (!seen.has(key)) seen.set(key, type);
  };
  types.forEach(visit);
  return [...seen.values()];
}

/** A name part for a type (`int[][]` → `L_L_int`, `map<string,long[]>` → `M_L_long`), for readers' names. */
export function typeKey(type: ValueType): string {
  if (type.kind === 'scalar') return type.scalar;
  return `${type.kind === 'list' ? 'L' : 'M'}_${typeKey(type.of)}`;
}
