import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchemaNode = { type?: unknown; [keyword: string]: unknown };

/**
 * fast-json-stringify writes a value whose schema lists several types by trying them in order and
 * coercing to the first (an array would leave as the string "1,2"): a schema naming more than two types
 * (JsonValue, "any JSON") is written as plain JSON instead.
 */
const plainJsonForAnyType = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(plainJsonForAnyType);
  if (node === null || typeof node !== 'object') return node;
  const schema = node as JsonSchemaNode;
  if (Array.isArray(schema.type) && schema.type.length > 2) return {};
  return Object.fromEntries(Object.entries(schema).map(([keyword, value]) => [keyword, plainJsonForAnyType(value)]));
};

/**
 * Response bodies are written by serializers that fast-json-stringify compiles once per route from the
 * JSON Schema of the route's zod response schema, instead of a zod parse and a JSON.stringify on every
 * answer (the speed issue's profile). What leaves is still exactly the schema's shape: properties the
 * schema does not name are never written, so a stray internal field cannot leak.
 */
export const compileResponseSerializer = ({ schema }: { schema: unknown }): ((data: unknown) => string) => {
  if (!(schema instanceof z.ZodType)) throw new Error('every response schema is a zod schema');
  // Compiled at a route's first answer, not at start: most of the ~100 (route, status) pairs answer rarely,
  // and compiling them all was a visible part of the start time.
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= fastJson(
      plainJsonForAnyType(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any', cycles: 'ref', reused: 'inline' })) as Parameters<
        typeof fastJson
      >[0],
    );
    return serialize(data);
  };
};
