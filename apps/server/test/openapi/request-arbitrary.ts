import fc from 'fast-check';
import type { DocumentValidator } from './document-validator.js';
import { pointer } from './document-validator.js';
import { breakerOf, arbitraryOf } from './schema-arbitrary.js';
import { parametersOf, type DocumentedOperation, type OpenApiDocument, type Parameter, type Schema } from './served-document.js';

export interface GeneratedRequest {
  operationId: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The JSON body, when the operation takes one. */
  body?: unknown;
  /** How the request breaks the document; undefined when it keeps to it. */
  broken?: string;
}

/** Real values worth sending (ids that exist, a valid token), by parameter or property name, and the credentials. */
export interface Hints {
  values: Record<string, readonly unknown[]>;
  apiKey: string;
  adminToken: string;
}

interface Part {
  parameter: Parameter;
  schemaAt: string;
}

/** A parameter as it travels: text. */
const toWire = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** The text read back as the document's schema reads it: a number where a number is declared. */
const fromWire = (text: string, schema: Schema): unknown => {
  const types = [schema.type].flat();
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
};

/** Both readings of the document: `strict` asserts formats, `lax` takes them as notes (2020-12's default). */
export interface Validators {
  strict: DocumentValidator;
  lax: DocumentValidator;
}

/**
 * Valid and broken requests for one operation, each checked against the document before it is sent.
 * Valid ones keep every assertion, formats included; broken ones break one that is not a format, so a
 * server that reads a format more leniently than a strict validator (an email address, say) is no failure.
 */
export const requestsFor = (document: OpenApiDocument, { strict, lax }: Validators, hints: Hints, { method, path, operation }: DocumentedOperation) => {
  const at = pointer('paths', path, method);
  const parts: Part[] = parametersOf(document, operation).map((parameter, index) => ({
    parameter,
    schemaAt: `${strict.settle(`${at}/parameters/${index}`)}/schema`,
  }));
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const bodyAt = `${at}/requestBody/content/application~1json/schema`;
  const paramOk = ({ parameter, schemaAt }: Part, value: unknown, validator = strict) =>
    value === undefined ? !parameter.required : validator.check(schemaAt, fromWire(toWire(value), parameter.schema)) === undefined;

  const validParam = ({ parameter }: Part): fc.Arbitrary<unknown> => {
    const known = hints.values[parameter.name];
    const own = parameter.name === 'Idempotency-Key' ? fc.uuid() : arbitraryOf(parameter.schema, document);
    const any = known ? fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: own }) : own;
    // A path segment "." or ".." is removed by every URL parser (RFC 3986 §5.2.4): no client can send it as a value.
    const value = parameter.in === 'path' ? any.filter((drawn) => !['.', '..'].includes(toWire(drawn))) : any;
    return parameter.required ? value : fc.option(value, { nil: undefined, freq: 3 });
  };
  const validValues = fc.record({
    params: fc.tuple(...parts.map(validParam)),
    body: bodySchema ? arbitraryOf(bodySchema, document, 0, hints.values) : fc.constant(undefined),
  });
  const isValid = ({ params, body }: { params: unknown[]; body: unknown }) =>
    parts.every((part, index) => paramOk(part, params[index])) && (!bodySchema || strict.check(bodyAt, body) === undefined);

  const build = (params: unknown[], body: unknown, broken?: string, credentials = true): GeneratedRequest => {
    let url = path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = {};
    parts.forEach(({ parameter }, index) => {
      const value = params[index];
      if (value === undefined) return;
      if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(toWire(value)));
      else if (parameter.in === 'query') query.set(parameter.name, toWire(value));
      else if (parameter.in === 'header') headers[parameter.name.toLowerCase()] = toWire(value);
    });
    const scheme = Object.keys(operation.security?.[0] ?? {})[0];
    if (credentials && scheme === 'apiKey') headers['x-api-key'] = hints.apiKey;
    if (credentials && scheme === 'adminToken') headers.authorization = `Bearer ${hints.adminToken}`;
    if (credentials && scheme === 'greenhouseBasic') headers.authorization = `Basic ${Buffer.from(`${hints.apiKey}:`).toString('base64')}`;
    const search = query.toString();
    return {
      operationId: operation.operationId!,
      method: method.toUpperCase(),
      url: search ? `${url}?${search}` : url,
      headers,
      ...(bodySchema ? { body } : {}),
      ...(broken ? { broken } : {}),
    };
  };

  const valid = validValues.filter(isValid).map(({ params, body }) => build(params, body));

  const breakings: Array<fc.Arbitrary<GeneratedRequest>> = [];
  /** A required query parameter left out. */
  const missing = (part: Part, index: number): void => {
    if (!part.parameter.required || part.parameter.in !== 'query') return;
    const without = (params: unknown[]) => params.map((old, position) => (position === index ? undefined : old));
    breakings.push(validValues.filter(isValid).map(({ params, body }) => build(without(params), body, `no query ${part.parameter.name}`)));
  };
  parts.forEach((part, index) => {
    if (part.parameter.in === 'header') return; // Idempotency-Key: honoured, not required; see decisions.
    const breaks = (value: unknown) => !paramOk(part, value, lax);
    // A query string with nothing to keep (no pattern, length or format) takes every value a URL carries: filtering for a
    // wrong one would loop forever (compare's `ids` did), so such a parameter is broken only by leaving it out, below.
    if (!fc.sample(breakerOf(part.parameter.schema, document), { numRuns: 200, seed: 1 }).some(breaks)) return missing(part, index);
    const broken = breakerOf(part.parameter.schema, document).filter(breaks);
    breakings.push(
      fc.tuple(validValues.filter(isValid), broken).map(([values, value]) => {
        const params = values.params.map((old, position) => (position === index ? value : old));
        return build(params, values.body, `${part.parameter.in} ${part.parameter.name} = ${JSON.stringify(toWire(value)).slice(0, 80)}`);
      }),
    );
    missing(part, index);
  });
  if (bodySchema) {
    breakings.push(
      fc
        .tuple(validValues, breakerOf(bodySchema, document), fc.nat())
        .map(([{ params, body }, replacement, pick]) => ({ params, body: replaceSomewhere(body, replacement, pick) }))
        .filter(({ params, body }) => parts.every((part, index) => paramOk(part, params[index])) && lax.check(bodyAt, body.value) !== undefined)
        .map(({ params, body }) => build(params, body.value, `body ${body.where}`)),
    );
  }
  if (operation.security?.length) {
    breakings.push(validValues.filter(isValid).map(({ params, body }) => build(params, body, 'no credentials', false)));
  }
  return { valid, broken: breakings.length > 0 ? fc.oneof(...breakings) : undefined };
};

/** The value with one node (the `pick`-th, in document order) replaced, or one object member dropped. */
const replaceSomewhere = (value: unknown, replacement: unknown, pick: number): { value: unknown; where: string } => {
  const spots: string[][] = [];
  const walk = (node: unknown, path: string[]) => {
    spots.push(path);
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...path, String(index)]));
    else if (typeof node === 'object' && node !== null) for (const [key, item] of Object.entries(node)) walk(item, [...path, key]);
  };
  walk(value, []);
  const path = spots[pick % spots.length]!;
  const drop = pick % 3 === 0 && path.length > 0;
  const copy = structuredClone(value);
  if (path.length === 0) return { value: replacement, where: `= ${JSON.stringify(replacement)?.slice(0, 60)}` };
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], copy) as Record<string, unknown>;
  const last = path.at(-1)!;
  if (drop && !Array.isArray(parent)) delete parent[last];
  else parent[last] = replacement;
  return { value: copy, where: `${path.join('.')} ${drop && !Array.isArray(parent) ? 'dropped' : `= ${JSON.stringify(replacement)?.slice(0, 60)}`}` };
};
