import type { Signature, ValueType } from '../value-type.js';
import { parseValueType } from '../value-type.js';

/**
 * How the signature vocabulary is written in Java and C#: read by the profiles (starter stubs) and by the sandbox's
 * harness generators, so the stub a candidate starts from and the call the harness makes always agree.
 */
const JAVA_SCALARS = { int: 'int', long: 'long', double: 'double', bool: 'boolean', string: 'String', char: 'char' } as const;
/** Inside a generic (a map's values) Java needs the boxed type. */
const JAVA_BOXED = { int: 'Integer', long: 'Long', double: 'Double', bool: 'Boolean', string: 'String', char: 'Character' } as const;
const CSHARP_SCALARS = { int: 'int', long: 'long', double: 'double', bool: 'bool', string: 'string', char: 'char' } as const;

/** `int[]` → `int[]`, `map<string,int>` → `Map<String, Integer>`, `bool[][]` → `boolean[][]`. */
export function javaTypeText(type: ValueType, boxed = false): string {
  switch (type.kind) {
    case 'scalar':
      return (boxed ? JAVA_BOXED : JAVA_SCALARS)[type.scalar];
    case 'list':
      return `${javaTypeText(type.of)}[]`;
    case 'map':
      return `Map<String, ${javaTypeText(type.of, true)}>`;
  }
}

/** `int[]` → `int[]`, `map<string,int>` → `Dictionary<string, int>`, `int[][]` → `int[][]` (jagged). */
export function csharpTypeText(type: ValueType): string {
  switch (type.kind) {
    case 'scalar':
      return CSHARP_SCALARS[type.scalar];
    case 'list':
      return `${csharpTypeText(type.of)}[]`;
    case 'map':
      return `Dictionary<string, ${csharpTypeText(type.of)}>`;
  }
}

/** A signature's types parsed (the schema has already refused text outside the vocabulary). */
export function parsedSignature(signature: Signature): { params: { name: string; type: ValueType }[]; returns: ValueType } {
  const parse = (text: string): ValueType => parseValueType(text) ?? { kind: 'scalar', scalar: 'string' };
  return { params: signature.params.map((p) => ({ name: p.name, type: parse(p.type) })), returns: parse(signature.returns) };
}
