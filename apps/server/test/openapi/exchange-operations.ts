import { operationsOf, type DocumentedOperation, type OpenApiDocument } from './served-document.js';

/** `/v2/org/tests/{testId}` as a pattern matching `/v2/org/tests/12`; literal segments outrank parameters. */
const patternOf = (path: string): RegExp => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

const literalSegments = (path: string) => path.split('/').filter((segment) => segment !== '' && !segment.startsWith('{')).length;

/** The documented operation a request went to, found as the router would (the most literal path wins). */
export const operationOf = (document: OpenApiDocument, method: string, url: string): DocumentedOperation | undefined => {
  const path = url.split('?')[0]!;
  return operationsOf(document)
    .filter((entry) => entry.method === method.toLowerCase() && patternOf(entry.path).test(path))
    .sort((a, b) => literalSegments(b.path) - literalSegments(a.path))[0];
};

/** The key of `responses` that documents an HTTP status: the code itself, else its class (`4XX`), else `default`. */
export const responseKeyOf = (responses: Record<string, unknown>, status: number): string | undefined =>
  [String(status), `${String(status)[0]}XX`, 'default'].find((key) => responses[key] !== undefined);
