import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { FrontDescriptor, FrontSecurity } from '../fronts/front-descriptor.js';
import { frontOfPath } from './front-of-path.js';
import { OPERATION_IDS, openApiPath, operationKey } from './operation-ids.js';

type Security = Array<Record<string, string[]>>;

/** The operator API's bearer token: not a front of the API key (decision 1301). */
export const ADMIN_SECURITY: FrontSecurity = { name: 'adminToken', scheme: { type: 'http', scheme: 'bearer' } };

/**
 * Who may call a route follows from where it is mounted: a front's routes its descriptor's scheme, /admin the
 * operator's token; everything else is public (`security: []`).
 */
export const securityOf = (fronts: readonly FrontDescriptor[], path: string): Security => {
  const front = frontOfPath(fronts, path);
  if (front) return [{ [front.security.name]: [] }];
  return path.startsWith('/admin/') ? [{ [ADMIN_SECURITY.name]: [] }] : [];
};

/**
 * Each route's zod schemas as JSON Schema (fastify-type-provider-zod), plus what the routes need not
 * repeat: the stable operationId from the table and the security requirement of the route's prefix.
 * A route missing from the table is documented without an operationId, and the openapi tests name it.
 */
export const documentRouteOf =
  (fronts: readonly FrontDescriptor[]): SwaggerTransform =>
  (input) => {
    const transformed = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
    const schema = transformed.schema as Record<string, unknown>;
    if (schema.hide) return transformed;
    const path = openApiPath(transformed.url);
    const method = [input.route.method].flat().find((name) => name.toUpperCase() !== 'HEAD') ?? 'GET';
    const operationId = OPERATION_IDS[operationKey(method, path)];
    return {
      url: transformed.url,
      schema: { ...schema, ...(operationId ? { operationId } : {}), security: securityOf(fronts, path) },
    };
  };
