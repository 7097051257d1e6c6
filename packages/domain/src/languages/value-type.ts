import { z } from 'zod';

/**
 * The small vocabulary of a typed signature: what each language's stub and harness are generated from. Scalars, lists
 * (and lists of lists) of them, and a map keyed by strings. Written as text in a definition (`"int[][]"`,
 * `"map<string,long>"`), parsed to this tree once.
 */
export const ScalarType = z.enum(['int', 'long', 'double', 'bool', 'string', 'char']);
export type ScalarType = z.infer<typeof ScalarType>;

export type ValueType =
  | { readonly kind: 'scalar'; readonly scalar: ScalarType }
  | { readonly kind: 'list'; readonly of: ValueType }
  | { readonly kind: 'map'; readonly of: ValueType };

const SCALARS = new Set<string>(ScalarType.options);

/** `int`, `string[]`, `int[][]`, `map<string,int>`, `map<string,int[]>`; undefined for text outside the vocabulary. */
export function parseValueType(text: string): ValueType | undefined {
  const trimmed = text.replace(/\s+/g, '');
  if (trimmed.endsWith('[]')) {
    const inner = parseValueType(trimmed.slice(0, -2));
    return inner === undefined ? undefined : { kind: 'list', of: inner };
  }
  const map = /^map<string,(.+)>$/.exec(trimmed);
  if (map?.[1] !== undefined) {
    const inner = parseValueType(map[1]);
    return inner === undefined ? undefined : { kind: 'map', of: inner };
  }
  return SCALARS.has(trimmed) ? { kind: 'scalar', scalar: trimmed as ScalarType } : undefined;
}

/** The canonical text of a type (what parseValueType reads back). */
export function valueTypeText(type: ValueType): string {
  switch (type.kind) {
    case 'scalar':
      return type.scalar;
    case 'list':
      return `${valueTypeText(type.of)}[]`;
    case 'map':
      return `map<string,${valueTypeText(type.of)}>`;
  }
}

/** A type as a definition writes it: text in the vocabulary, refused with the list of what is allowed otherwise. */
export const ValueTypeText = z
  .string()
  .max(100)
  .refine((text) => parseValueType(text) !== undefined, {
    error: 'a type must be one of int, long, double, bool, string, char, a list of one (T[], T[][]) or map<string,T>',
  })
  .meta({ description: 'int (32-bit), long (64-bit), double, bool, string, char; T[] for a list; map<string,T>.' });

/** A function question's typed signature: the parameters in order and the return type. */
export const Signature = z
  .strictObject({
    params: z.array(z.strictObject({ name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), type: ValueTypeText })).max(10),
    returns: ValueTypeText,
  })
  .meta({ id: 'Signature' });
export type Signature = z.infer<typeof Signature>;
