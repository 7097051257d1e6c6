import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { OPERATION_IDS, openApiPath, operationKey } from './operation-ids.js';

type Security = Array<Record<string, string[]>>;

/** Who may call a route follows from where it is mounted; everything else is public (`security: []`). */
const SECURITY_BY_PREFIX: ReadonlyArray<readonly [string, Security]> = [
  ['/v2/org/', [{ apiKey: [] }]],
  // iMocha v3's paths take the same key (decision 846).
  ['/v3/', [{ apiKey: [] }]],
  ['/admin/', [{ adminToken: [] }]],
  ['/partners/greenhouse/', [{ greenhouseBasic: [] }]],
  ['/v3/', [{ apiKey: [] }]],
];

export const securityOf = (path: string): Security => SECURITY_BY_PREFIX.find(([prefix]) => path.startsWith(prefix))?.[1] ?? [];

/**
 * Each route's zod schemas as JSON Schema (fastify-type-provider-zod), plus what the routes need not
 * repeat: the stable operationId from the table and the security requirement of the route's prefix.
 * A route missing from the table is documented without an operationId, and the openapi tests name it.
 */
export const documentRoute: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = transformed.schema as Record<string, unknown>;
  if (schema.hide) return transformed;
  const path = openApiPath(transformed.url);
  const method = [input.route.method].flat().find((name) => name.toUpperCase() !== 'HEAD') ?? 'GET';
  const operationId = OPERATION_IDS[operationKey(method, path)];
  return {
    url: transformed.url,
    schema: { ...schema, ...(operationId ? { operationId } : {}), security: securityOf(path) },
  };
};
