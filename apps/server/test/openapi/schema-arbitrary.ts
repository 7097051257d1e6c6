import fc from 'fast-check';
import { resolve, type OpenApiDocument, type Schema } from './served-document.js';

/** How deep generated arrays and objects nest, and how long lists get: requests stay small and fast. */
const MAX_DEPTH = 6;
const EXTRA_ITEMS = 3;

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'] as const;
const SAFE = Number.MAX_SAFE_INTEGER;

const integers = (minimum: number, maximum: number): fc.Arbitrary<number> => {
  const low = Math.max(Math.ceil(minimum), -SAFE);
  const high = Math.min(Math.floor(maximum), SAFE);
  const whole = low >= -(2 ** 31) && high < 2 ** 31 ? fc.integer({ min: low, max: high }) : fc.bigInt({ min: BigInt(low), max: BigInt(high) }).map(Number);
  // Small values and the bounds themselves find more than uniform draws from a huge range.
  const small = fc.integer({ min: Math.max(low, -3), max: Math.min(high, Math.max(low, -3) + 20) });
  return fc.oneof(whole, small, fc.constantFrom(low, high));
};

const strings = (schema: Schema): fc.Arbitrary<string> => {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? minLength + 40, minLength + 40);
  const pattern = schema.pattern as string | undefined;
  switch (schema.format) {
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'uri':
      return fc.webUrl({ validSchemes: ['http', 'https'] });
    case 'email':
      if (pattern === undefined) return fc.emailAddress();
  }
  const lengthOk = (text: string) => text.length >= minLength && text.length <= ((schema.maxLength as number | undefined) ?? Infinity);
  const longest = schema.maxLength as number | undefined;
  // The longest text allowed, so the bound itself is tried (patterns aside: most would not match it).
  const atBound = longest !== undefined && longest <= 100_000 ? [fc.constant('a'.repeat(longest))] : [];
  if (pattern !== undefined) return fc.stringMatching(new RegExp(pattern)).filter(lengthOk);
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }).filter(lengthOk), ...atBound);
};

/** Real values worth using for properties of these names (a time zone that exists, say), besides generated ones. */
export type Known = Readonly<Record<string, readonly unknown[]>>;

/** A value of one JSON type that `schema` (already stripped of `type`) allows. */
const ofType = (type: string, schema: Schema, document: OpenApiDocument, depth: number, known: Known = {}): fc.Arbitrary<unknown> => {
  switch (type) {
    case 'string':
      return strings(schema);
    case 'integer':
      return integers((schema.minimum as number | undefined) ?? -1e6, (schema.maximum as number | undefined) ?? 1e6);
    case 'number': {
      const min = (schema.minimum as number | undefined) ?? -1e6;
      const max = (schema.maximum as number | undefined) ?? 1e6;
      return fc.oneof(integers(min, max), fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxItems as number | undefined) ?? minLength + EXTRA_ITEMS, minLength + EXTRA_ITEMS);
      const items = schema.items ? arbitraryOf(schema.items as Schema, document, depth + 1, known) : fc.jsonValue({ maxDepth: 1 });
      return depth >= MAX_DEPTH && minLength === 0 ? fc.constant([]) : fc.array(items, { minLength, maxLength });
    }
    default: {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      const keys = Object.keys(properties).filter((key) => depth < MAX_DEPTH || required.includes(key));
      const property = (key: string) => {
        const own = arbitraryOf(properties[key]!, document, depth + 1, known);
        const real = known[key];
        return real ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...real) }, { weight: 1, arbitrary: own }) : own;
      };
      const model = Object.fromEntries(keys.map((key) => [key, property(key)]));
      return fc.record(model, { requiredKeys: required.filter((key) => key in model) });
    }
  }
};

/**
 * Values the JSON Schema `schema` accepts, built from its keywords. Keywords it does not read (a
 * refinement zod checks in code, say) may make a value invalid all the same: callers filter with the
 * document's validator.
 */
export const arbitraryOf = (schema: Schema, document: OpenApiDocument, depth = 0, known: Known = {}): fc.Arbitrary<unknown> => {
  const resolved = resolve<Schema>(document, schema);
  if ('const' in resolved) return fc.constant(resolved.const);
  if (Array.isArray(resolved.enum)) return fc.constantFrom(...(resolved.enum as unknown[]));
  const alternatives = (resolved.anyOf ?? resolved.oneOf) as Schema[] | undefined;
  if (alternatives)
    return fc.oneof(
      ...alternatives.map((alternative) => arbitraryOf({ ...resolved, anyOf: undefined, oneOf: undefined, ...alternative }, document, depth, known)),
    );
  const types = resolved.type === undefined ? [] : [resolved.type].flat().map(String);
  if (types.length === 0) return resolved.properties ? ofType('object', resolved, document, depth, known) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => ofType(type, resolved, document, depth, known)));
};

/** Values that break a schema somewhere near the surface: the wrong type, out of bounds, too long, not matching. */
export const breakerOf = (schema: Schema, document: OpenApiDocument): fc.Arbitrary<unknown> => {
  const resolved = resolve<Schema>(document, schema);
  const near: unknown[] = [null, true, 'x', '', 0, -1, 1.5, [], {}, 'not a number', '2026-13-45T25:61:61'];
  if (typeof resolved.maximum === 'number') near.push(resolved.maximum + 1, resolved.maximum * 10 + 1);
  if (typeof resolved.minimum === 'number') near.push(resolved.minimum - 1);
  if (typeof resolved.maxLength === 'number') near.push('y'.repeat(resolved.maxLength + 1));
  if (typeof resolved.maxItems === 'number') near.push(Array.from({ length: resolved.maxItems + 1 }, () => 1));
  const declared = resolved.type === undefined ? [] : [resolved.type].flat();
  const foreign = JSON_TYPES.filter((type) => !declared.includes(type));
  return fc.oneof(
    fc.constantFrom(...near),
    fc.constantFrom(...foreign).chain((type) => ofType(type, {}, document, MAX_DEPTH)),
    fc.jsonValue({ maxDepth: 1 }),
  );
};
