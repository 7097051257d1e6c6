import type { FrontDescriptor } from '../fronts/front-descriptor.js';
import { applyConventions, sharedComponentsOf } from './conventions.js';
import { tidySchemas } from './components.js';
import { isObject, rewriteRefs, type Json, type JsonObject } from './json-walk.js';
import { completionWebhooks } from './webhooks.js';

/**
 * The last step before /openapi.json is served: the webhook and the shared conventions are added, and
 * the zod-generated components are made into plain OpenAPI 3.1 components that generators and linters
 * read (see components.ts).
 */
export const finishDocument = (generated: JsonObject, fronts: readonly FrontDescriptor[]): JsonObject => {
  const document = structuredClone(generated);
  const paths = isObject(document.paths) ? document.paths : {};
  applyConventions(paths, fronts);
  const components = isObject(document.components) ? document.components : {};
  const { schemas: generatedSchemas, ...otherComponents } = components;
  const roots: Json = { paths, webhooks: completionWebhooks, components: { ...otherComponents, ...sharedComponentsOf(fronts) } };
  const { schemas, rewrite } = tidySchemas(isObject(generatedSchemas) ? generatedSchemas : {}, roots);
  const rewritten = rewriteRefs(roots, rewrite) as JsonObject & { components: JsonObject };
  return {
    ...document,
    paths: rewritten.paths!,
    webhooks: rewritten.webhooks!,
    components: { ...rewritten.components, schemas: sortedByName(schemas) },
  };
};

const sortedByName = (object: JsonObject): JsonObject => Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));
