import { expect } from 'vitest';
import type { Harness } from '../helpers/test-app.js';

/** The parts of an OpenAPI 3.1 document the openapi tests read. */
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema: Schema;
}
export type Schema = Record<string, unknown>;
export interface MediaType {
  schema?: Schema;
}
export interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}
export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<Parameter | { $ref: string }>;
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response | { $ref: string }>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, Parameter>;
    responses: Record<string, Response>;
    headers: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
}

export interface DocumentedOperation {
  method: string;
  path: string;
  operation: Operation;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The document exactly as integrators download it. */
export const fetchDocument = async (h: Harness): Promise<OpenApiDocument> => {
  const response = await h.request({ method: 'GET', url: '/openapi.json', apiKey: null });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OpenApiDocument>();
};

export const operationsOf = (document: OpenApiDocument): DocumentedOperation[] =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method]! })),
  );

/** Follows a local `$ref` (`#/components/…`) to what it names. */
export const resolve = <T>(document: OpenApiDocument, node: T | { $ref: string }): T => {
  if (typeof node !== 'object' || node === null || !('$ref' in node)) return node as T;
  const target = node.$ref
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], document);
  if (target === undefined) throw new Error(`unresolved $ref ${node.$ref}`);
  return resolve(document, target as T | { $ref: string });
};

export const parametersOf = (document: OpenApiDocument, operation: Operation): Parameter[] =>
  (operation.parameters ?? []).map((parameter) => resolve<Parameter>(document, parameter));
