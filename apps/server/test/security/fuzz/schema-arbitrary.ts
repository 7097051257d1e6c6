import fc from 'fast-check';
import { hostileJsonValue, hostileString, withPrototypeKey } from './hostile-values.js';
import type { JsonSchema, OpenApiDocument } from './route-catalogue.js';

/**
 * Request bodies derived from the route's own JSON Schema (as /openapi.json prints the zod schema), so a new
 * route's body is fuzzed without anyone writing a generator for it: values that have the documented shape,
 * and "almost valid" ones that differ in exactly one place.
 */

const MAX_DEPTH = 10;
/** Arrays stay short: the point is the shape, and a test of 50 sections of 500 questions only costs time. */
const MAX_ITEMS = 3;

/** Follows `#/components/schemas/X` and `#/components/schemas/X#/$defs/Y` (how zod's shared definitions are named). */
export const resolveRef = (openapi: OpenApiDocument, schema: JsonSchema): JsonSchema => {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops += 1) {
    // Each `#` starts a pointer into what the previous one found (the first, into the document).
    let target: unknown = openapi;
    for (const step of current.$ref.split(/[#/]/).filter(Boolean)) target = (target as Record<string, unknown> | undefined)?.[step];
    if (!target || typeof target !== 'object') throw new Error(`cannot resolve ${current.$ref}`);
    current = target as JsonSchema;
  }
  return current;
};

const list = (value: unknown): JsonSchema[] => (Array.isArray(value) ? (value as JsonSchema[]) : []);
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** Values of the schema's shape. Strings honour `pattern`, `format` and lengths, so emails look like emails. */
export const conformingValue = (openapi: OpenApiDocument, input: JsonSchema, depth = 0): fc.Arbitrary<unknown> => {
  const schema = resolveRef(openapi, input);
  if (depth > MAX_DEPTH) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = [...list(schema.anyOf), ...list(schema.oneOf)];
  if (choices.length > 0) return fc.oneof(...choices.map((choice) => conformingValue(openapi, choice, depth + 1)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => conformingValue(openapi, { ...schema, type }, depth + 1)));
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'integer': {
      const min = Math.max(num(schema.minimum) ?? -1_000, -(2 ** 31));
      const max = Math.min(num(schema.maximum) ?? 100_000, 2 ** 31 - 1);
      // Small non-negative numbers are where the valid values (ids, time zones, durations) live.
      const low = Math.max(min, 0);
      const high = Math.min(max, 2_000);
      return low <= high ? fc.oneof(fc.integer({ min: low, max: high }), fc.integer({ min, max })) : fc.integer({ min, max });
    }
    case 'number':
      return fc.double({ min: num(schema.minimum) ?? -1e6, max: num(schema.maximum) ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = num(schema.minItems) ?? 0;
      const items = schema.items && typeof schema.items === 'object' ? (schema.items as JsonSchema) : {};
      return fc.array(conformingValue(openapi, items, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(num(schema.maxItems) ?? MAX_ITEMS, MAX_ITEMS)),
      });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      const model = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, conformingValue(openapi, property, depth + 1)]));
      return fc.record(model, { requiredKeys: required.filter((key) => key in model) });
    }
    default:
      return depth < 2 ? fc.jsonValue({ maxDepth: 2 }) : fc.constant(null);
  }
};

const stringOf = (schema: JsonSchema): fc.Arbitrary<string> => {
  const maxLength = Math.min(num(schema.maxLength) ?? 60, 200);
  const minLength = Math.min(num(schema.minLength) ?? 0, maxLength);
  if (typeof schema.pattern === 'string') {
    return fc.stringMatching(new RegExp(schema.pattern), { maxLength }).filter((text) => text.length >= minLength);
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.oneof(
        fc.webUrl(),
        fc.constantFrom('https://example.com/hook', 'http://127.0.0.1:1/x', 'http://[::1]/', 'file:///etc/passwd', 'javascript:alert(1)'),
      );
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString());
    default:
      return fc.oneof(
        fc.string({ minLength, maxLength: Math.min(maxLength, 30) }),
        hostileString.filter((text) => text.length >= minLength && text.length <= maxLength),
      );
  }
};

type Path = (string | number)[];

/** Every place in a JSON value a mutation can hit, the root included. */
const pathsOf = (value: unknown, prefix: Path = []): Path[] => {
  const here = [prefix];
  if (Array.isArray(value)) return here.concat(value.flatMap((item, index) => pathsOf(item, [...prefix, index])));
  if (value && typeof value === 'object') return here.concat(Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key])));
  return here;
};

type Mutation = 'replace' | 'delete' | 'null' | 'extraKey' | 'protoKey' | 'constructorKey' | 'wrapInArray';

const mutate = (value: unknown, path: Path, mutation: Mutation, replacement: unknown): unknown => {
  if (path.length === 0) {
    const asObject = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    if (mutation === 'protoKey') return withPrototypeKey(asObject, '__proto__', { admin: true });
    if (mutation === 'constructorKey') return withPrototypeKey(asObject, 'constructor', { admin: true });
    if (mutation === 'extraKey') return { ...asObject, unexpectedField: replacement };
    if (mutation === 'wrapInArray') return [value];
    return mutation === 'null' || mutation === 'delete' ? null : replacement;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && mutation === 'delete') copy.splice(head as number, 1);
    else copy[head as number] = mutate(copy[head as number], rest, mutation, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && mutation === 'delete') delete copy[head as string];
  else copy[head as string] = mutate(copy[head as string], rest, mutation, replacement);
  return copy;
};

/**
 * A body of the right shape but for one place: a wrong type, a missing field, a null, an extra or reserved
 * key. Built from values of the schema's shape, and from bodies known to be accepted (`examples`), whose
 * cross-field rules hold, so the one wrong place is what the server sees.
 */
export const almostValid = (openapi: OpenApiDocument, schema: JsonSchema, examples: readonly unknown[] = []): fc.Arbitrary<unknown> =>
  fc
    .tuple(
      examples.length > 0 ? fc.oneof(conformingValue(openapi, schema), fc.constantFrom(...examples)) : conformingValue(openapi, schema),
      fc.nat(),
      fc.constantFrom<Mutation>('replace', 'replace', 'replace', 'delete', 'null', 'extraKey', 'protoKey', 'constructorKey', 'wrapInArray'),
      hostileJsonValue,
    )
    .map(([value, pick, mutation, replacement]) => {
      const paths = pathsOf(value);
      return mutate(value, paths[pick % paths.length]!, mutation, replacement);
    });
