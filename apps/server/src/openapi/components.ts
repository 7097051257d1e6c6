import { canonicalJson, isObject, refsIn, rewriteRefs, type Json, type JsonObject } from './json-walk.js';

const SCHEMAS = '#/components/schemas/';
/** zod names a registry's input-side schemas `<id>Input` (fastify-type-provider-zod's convention). */
const INPUT_SUFFIX = 'Input';

/**
 * zod's registry conversion writes one JSON Schema document per schema: each carries `$schema` and an
 * `$id` (which OpenAPI 3.1 components must not, as the id would rebase every `$ref` inside), and schemas
 * that are reused without an id of their own (recursive ones such as z.json()) go to a `__shared`
 * document, referenced as `…/__shared#/$defs/schema0` — two fragments, which no tool resolves.
 * This lifts those into components of their own and drops the per-document keywords.
 */
export const flattenSchemaDocuments = (schemas: JsonObject): JsonObject => {
  const hoisted = new Map<string, string>();
  const flat: JsonObject = {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema)) continue;
    const { $id: _id, $schema: _dialect, $defs, ...body } = schema;
    if (name.startsWith('__shared') && isObject($defs)) {
      for (const [defName, def] of Object.entries($defs)) {
        const component = `Shared${name.slice('__shared'.length)}_${defName}`;
        hoisted.set(`${SCHEMAS}${name}#/$defs/${defName}`, `${SCHEMAS}${component}`);
        flat[component] = def;
      }
      continue;
    }
    flat[name] = $defs === undefined ? body : { ...body, $defs };
  }
  return rewriteAll(flat, (ref) => hoisted.get(ref) ?? ref);
};

/** Rewrites refs in every schema of a components map. */
const rewriteAll = (schemas: JsonObject, rewrite: (ref: string) => string): JsonObject =>
  Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, rewriteRefs(schema, rewrite)]));

const componentOf = (ref: string): string | undefined => (ref.startsWith(SCHEMAS) ? ref.slice(SCHEMAS.length).split('/')[0] : undefined);

/**
 * Every registered schema comes twice, as parsed (`X`) and as accepted (`XInput`); for most the two are
 * the same JSON Schema, and generated clients would get two identical types. The greatest set of twins
 * that are equal once their own refs to twins in the set are merged is merged into `X`.
 */
export const mergeEqualTwins = (schemas: JsonObject): { schemas: JsonObject; merged: Map<string, string> } => {
  let candidates = new Set(Object.keys(schemas).filter((name) => name.endsWith(INPUT_SUFFIX) && schemas[name.slice(0, -INPUT_SUFFIX.length)] !== undefined));
  const toOutput = (ref: string) => {
    const name = componentOf(ref);
    return name !== undefined && candidates.has(name) ? `${SCHEMAS}${name.slice(0, -INPUT_SUFFIX.length)}` : ref;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const input of candidates) {
      const output = input.slice(0, -INPUT_SUFFIX.length);
      if (canonicalJson(rewriteRefs(schemas[input]!, toOutput)) !== canonicalJson(schemas[output]!)) {
        candidates = new Set([...candidates].filter((name) => name !== input));
        changed = true;
      }
    }
  }
  const merged = new Map([...candidates].map((input) => [input, input.slice(0, -INPUT_SUFFIX.length)]));
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => !merged.has(name)));
  return { schemas: rewriteAll(kept, toOutput), merged };
};

/** The component names reachable from `roots` (paths, webhooks) through `$ref`s, transitively. */
export const reachableSchemas = (roots: Json, schemas: JsonObject): Set<string> => {
  const seen = new Set<string>();
  const pending = refsIn(roots).map(componentOf);
  while (pending.length > 0) {
    const name = pending.pop();
    if (name === undefined || seen.has(name) || schemas[name] === undefined) continue;
    seen.add(name);
    pending.push(...refsIn(schemas[name]).map(componentOf));
  }
  return seen;
};

/**
 * The components an integrator's generator should see: no per-document keywords, no `__shared`, one
 * schema per distinct shape, none that nothing refers to, and `XInput` called `X` when `X` itself is
 * not used. Returns the new schemas and how every old `$ref` maps to a new one.
 */
export const tidySchemas = (schemas: JsonObject, roots: Json): { schemas: JsonObject; rewrite: (ref: string) => string } => {
  const flat = flattenSchemaDocuments(schemas);
  const { schemas: distinct, merged } = mergeEqualTwins(flat);
  // flattenSchemaDocuments already rewrote refs between components; roots still carry the old ones.
  const renameOld = (ref: string) => {
    const name = componentOf(ref);
    return name !== undefined && merged.has(name) ? `${SCHEMAS}${merged.get(name)!}` : ref;
  };
  const used = reachableSchemas(rewriteRefs(roots, renameOld), distinct);
  const renamed = new Map<string, string>();
  for (const name of used) {
    const plain = name.slice(0, -INPUT_SUFFIX.length);
    if (name.endsWith(INPUT_SUFFIX) && !used.has(plain)) renamed.set(name, plain);
  }
  const rename = (ref: string) => {
    const old = renameOld(ref);
    const name = componentOf(old);
    return name !== undefined && renamed.has(name) ? `${SCHEMAS}${renamed.get(name)!}` : old;
  };
  const tidy = Object.fromEntries(
    Object.entries(distinct)
      .filter(([name]) => used.has(name))
      .map(([name, schema]) => [renamed.get(name) ?? name, rewriteRefs(schema, rename)]),
  );
  return { schemas: tidy, rewrite: rename };
};
