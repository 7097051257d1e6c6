import { z } from 'zod';

/**
 * Any JSON value (arguments and results of coding questions' test cases). One registered instance, not
 * a `z.json()` per field: a recursive schema without an id is inlined once per use, and JSON Schema and
 * OpenAPI documents then carry anonymous copies (`__shared`, `__schema0`) that tools cannot name.
 *
 * Documents describe it without recursion — any of the six JSON types, whose items and members are JSON
 * by construction — because generated TypeScript cannot express the recursive union (openapi-typescript
 * emits a type that refers to itself through an indexed access, which tsc rejects). zod still checks
 * the whole tree; `anyOf: undefined` drops zod's recursive form from the generated schema.
 */
export const JsonValue = z.json().register(z.globalRegistry, {
  id: 'JsonValue',
  description: 'Any JSON value.',
  type: ['string', 'number', 'boolean', 'null', 'array', 'object'],
  // Items of any kind; stated, because linters (Spectral's array-items) want every array to say.
  items: {},
  anyOf: undefined,
});
export type JsonValue = z.infer<typeof JsonValue>;
