/** A parsed JSON value, as the OpenAPI document is built and post-processed. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A deep copy with every `$ref` string passed through `rewrite`. */
export const rewriteRefs = <T extends Json>(node: T, rewrite: (ref: string) => string): T => {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, rewrite)) as T;
  if (!isObject(node)) return node;
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    copy[key] = key === '$ref' && typeof value === 'string' ? rewrite(value) : rewriteRefs(value, rewrite);
  }
  return copy as T;
};

/** Every `$ref` string under `node`. */
export const refsIn = (node: Json, found: string[] = []): string[] => {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  }
  return found;
};

/** Key order does not matter to JSON Schema; this makes two schemas comparable as text. */
export const canonicalJson = (node: Json): string => {
  if (Array.isArray(node)) return `[${node.map(canonicalJson).join(',')}]`;
  if (!isObject(node)) return JSON.stringify(node);
  const keys = Object.keys(node).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(node[key]!)}`).join(',')}}`;
};
