import { z } from 'zod';

/**
 * Any JSON value (arguments and results of coding questions' test cases). One registered instance, not
 * a `z.json()` per field: a recursive schema without an id is inlined once per use, and JSON Schema and
 * OpenAPI documents then carry anonymous copies (`__shared`, `__schema0`) that tools cannot name.
 * `register` keeps the very instance the recursion refers to, so every level is the same `JsonValue`.
 */
export const JsonValue = z.json().register(z.globalRegistry, { id: 'JsonValue', description: 'Any JSON value.' });
export type JsonValue = z.infer<typeof JsonValue>;
