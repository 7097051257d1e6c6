import type { FastifyInstance } from 'fastify';
import { FRONTS } from '../../../src/fronts/fronts.js';
import { frontOfPath } from '../../../src/openapi/front-of-path.js';

/** A JSON Schema as /openapi.json prints it; only what the fuzzer reads is typed. */
/** The body a route's failures take: its front's (decision 1300), the envelope where no other front claims it. */
const failureBodyOf = (url: string): FuzzRoute['failureBody'] => {
  const name = frontOfPath(FRONTS, url)?.name;
  return name === 'greenhouse' || name === 'v3' ? name : 'envelope';
};

export type JsonSchema = { [key: string]: unknown };

export interface QueryParameter {
  readonly name: string;
  readonly required: boolean;
  readonly schema: JsonSchema;
}

/**
 * Who may call a route: the org's key (in x-api-key, or as the HTTP Basic user name on Greenhouse's partner API), the
 * admin token, or anyone (candidate tokens and signed URLs are in the path).
 */
export type RouteAuth = 'apiKey' | 'greenhouse' | 'admin' | 'none';

/** One method of one path, as Fastify routes it, with what /openapi.json says about it (nothing for hidden routes). */
export interface FuzzRoute {
  readonly method: string;
  /** Fastify's form: `/v2/org/tests/:testId`, `/docs/*`. */
  readonly url: string;
  /** Path parameter names in order (`*` for a wildcard tail). */
  readonly params: readonly string[];
  /** Parameters whose schema is an id (`IdParam`: digits only). */
  readonly idParams: readonly string[];
  readonly query: readonly QueryParameter[];
  readonly body: JsonSchema | undefined;
  readonly auth: RouteAuth;
  /** In /openapi.json: an API route whose failures must be the envelope (or `failureBody`), whatever the content type. */
  readonly documented: boolean;
  /** What its failures are: the envelope, on Greenhouse's partner API its own body ({ status, statuscode, errors }), under /v3 iMocha's. */
  readonly failureBody: 'envelope' | 'greenhouse' | 'v3';
  /** Media types of its 200 answer as documented (`application/json` for envelopes, PDF, xlsx); empty when not documented. */
  readonly successTypes: readonly string[];
  /** Documented as answering the `{statuscode, description, result}` envelope on success. */
  readonly successIsEnvelope: boolean;
}

export const routeName = (route: Pick<FuzzRoute, 'method' | 'url'>): string => `${route.method} ${route.url}`;

const TREE_PREFIX = /^((?:│ {3}| {4})*)(?:├── |└── )(.*)$/;
const LABEL = /^(.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every (method, path) Fastify routes, read from `printRoutes` (the only complete public listing: hidden
 * routes such as pages, assets and /docs are not in /openapi.json). A node's label continues its parent's
 * path; shared parametric nodes print every name (`:testInvitationId|:testId`), of which the first is kept.
 */
export const routedPaths = (app: FastifyInstance): { method: string; url: string }[] => {
  const found: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const tree = TREE_PREFIX.exec(line);
    if (!tree) continue;
    const depth = tree[1]!.length / 4;
    const [, label, methods] = LABEL.exec(tree[2]!)!;
    stack.length = depth;
    stack.push(label!.replace(/:([^/|]+)(?:\|:[^/|]+)+/g, ':$1'));
    if (!methods) continue;
    const url = stack.join('');
    for (const method of methods.split(',').map((part) => part.trim())) found.push({ method, url });
  }
  return found.map((route) => ({ ...route, url: locateWildcard(app, route, found) }));
};

/**
 * The listing prints a wildcard under the deepest shared node, dropping the static part it shares with its
 * siblings (`/docs/static/*` shows as `*` next to `static/index.html`): try the siblings' directories.
 */
const locateWildcard = (app: FastifyInstance, route: { method: string; url: string }, all: { url: string }[]): string => {
  const exists = (url: string) => app.hasRoute({ method: route.method as 'GET', url });
  if (!route.url.endsWith('*') || exists(route.url)) return route.url;
  const parent = route.url.slice(0, -1);
  const directories = all.flatMap(({ url }) => (url.startsWith(parent) ? [/^[^/]+\//.exec(url.slice(parent.length))?.[0]].filter(Boolean) : []));
  return directories.map((directory) => `${parent}${directory}*`).find(exists) ?? route.url;
};

/** `/v2/org/tests/:testId` and `/v2/org/tests/{testId}` both become `/v2/org/tests/{}`. */
export const pathShape = (url: string): string => url.replace(/:[^/]+|\{[^}]+\}/g, '{}');

type OpenApiOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  security?: Record<string, unknown>[];
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>>; components: { schemas: Record<string, JsonSchema> } };

/** `IdParam` of the domain: the digits of an Int64, checked as text so ids past 2^53 - 1 are quoted as sent. */
/** Ids are documented as the int64 integers they stand for (decision 89, "Digit strings are documented as the integers they stand for"). */
export const isIdSchema = (schema: JsonSchema): boolean => schema.type === 'integer' && schema.format === 'int64';

const authOf = (operation: OpenApiOperation | undefined): RouteAuth => {
  const schemes = (operation?.security ?? []).flatMap((entry) => Object.keys(entry));
  if (schemes.includes('apiKey')) return 'apiKey';
  if (schemes.includes('greenhouseBasic')) return 'greenhouse';
  if (schemes.includes('adminToken')) return 'admin';
  return 'none';
};

/**
 * Joins what Fastify routes with what /openapi.json documents. Throws when a documented operation is not
 * routed (the listing was misread), so a route can never drop out of the fuzzing unnoticed.
 */
export const catalogueRoutes = (app: FastifyInstance, openapi: OpenApiDocument): FuzzRoute[] => {
  const operations = new Map<string, { path: string; operation: OpenApiOperation }>();
  for (const [path, methods] of Object.entries(openapi.paths)) {
    for (const [method, operation] of Object.entries(methods)) operations.set(`${method.toUpperCase()} ${pathShape(path)}`, { path, operation });
  }
  const routes = routedPaths(app).map(({ method, url }): FuzzRoute => {
    // HEAD is Fastify's shadow of GET: it has the GET's documentation.
    const documented = operations.get(`${method} ${pathShape(url)}`) ?? (method === 'HEAD' ? operations.get(`GET ${pathShape(url)}`) : undefined);
    const parameters = documented?.operation.parameters ?? [];
    const pathNames = documented ? [...documented.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!) : [];
    const params = pathNames.length > 0 ? pathNames : [...url.matchAll(/:([^/]+)|\*/g)].map((match) => match[1] ?? '*');
    const success = documented?.operation.responses?.['200']?.content ?? {};
    const successSchema = success['application/json']?.schema;
    return {
      method,
      url: documented ? documented.path.replace(/\{([^}]+)\}/g, ':$1') : url,
      params,
      idParams: parameters.filter((parameter) => parameter.in === 'path' && isIdSchema(parameter.schema)).map((parameter) => parameter.name),
      query: parameters
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => ({ name: parameter.name, required: parameter.required === true, schema: parameter.schema })),
      body: method === 'HEAD' ? undefined : documented?.operation.requestBody?.content?.['application/json']?.schema,
      auth: authOf(documented?.operation),
      documented: documented !== undefined,
      failureBody: failureBodyOf(url),
      successTypes: Object.keys(success),
      successIsEnvelope: successSchema !== undefined && JSON.stringify(successSchema).includes('"statuscode"'),
    };
  });
  const routed = new Set(routes.map((route) => `${route.method} ${pathShape(route.url)}`));
  const unrouted = [...operations.keys()].filter((key) => !routed.has(key));
  if (unrouted.length > 0) throw new Error(`documented but not found in printRoutes (the listing was misread): ${unrouted.join(', ')}`);
  return routes;
};
