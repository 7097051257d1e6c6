import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRONTS } from '../../src/fronts/fronts.js';
import { frontOfPath } from '../../src/openapi/front-of-path.js';
import { OPERATION_IDS } from '../../src/openapi/operation-ids.js';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';
import { fetchDocument, operationsOf, parametersOf, resolve, type OpenApiDocument } from './served-document.js';

const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Every `$ref` string in the document, with where it sits. */
const refsIn = (node: unknown, at = '#', found: Array<[string, string]> = []): Array<[string, string]> => {
  if (Array.isArray(node)) node.forEach((item, index) => refsIn(item, `${at}/${index}`, found));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push([value, at]);
      else refsIn(value, `${at}/${key}`, found);
    }
  }
  return found;
};

describe.each(backends)('the served OpenAPI document on %s', (backend) => {
  let h: Harness;
  let document: OpenApiDocument;
  beforeAll(async () => {
    h = await startHarness(backend);
    document = await fetchDocument(h);
  });
  afterAll(() => h.close());

  it('gives every operation the operationId of OPERATION_IDS (src/openapi/operation-ids.ts), and lists no route that is gone', () => {
    const documented = operationsOf(document).map(({ method, path, operation }) => ({ key: keyOf(method, path), operationId: operation.operationId }));
    const missing = documented.filter(({ key }) => OPERATION_IDS[key] === undefined).map(({ key }) => key);
    expect(missing, `add these routes to OPERATION_IDS in apps/server/src/openapi/operation-ids.ts: ${missing.join(', ')}`).toEqual([]);
    for (const { key, operationId } of documented) expect(operationId, key).toBe(OPERATION_IDS[key]);
    const stale = Object.keys(OPERATION_IDS).filter((key) => !documented.some((entry) => entry.key === key));
    expect(stale, 'OPERATION_IDS names routes the server no longer has').toEqual([]);
  });

  it('has unique operationIds that read as identifiers', () => {
    const ids = [...operationsOf(document), ...operationsOf({ ...document, paths: document.webhooks })].map(({ operation }) => operation.operationId!);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
  });

  it("marks public operations security: [], each front's its descriptor's scheme (apiKey, greenhouseBasic), admin operations adminToken", () => {
    expect(FRONTS.map(({ name, security }) => `${name}: ${security.name}`)).toEqual(['v2: apiKey', 'greenhouse: greenhouseBasic', 'v3: apiKey']);
    const expected = (path: string) => {
      const front = frontOfPath(FRONTS, path);
      if (front) return [{ [front.security.name]: [] }];
      return path.startsWith('/admin/') ? [{ adminToken: [] }] : [];
    };
    for (const { method, path, operation } of operationsOf(document)) expect(operation.security, keyOf(method, path)).toEqual(expected(path));
    const publicOnes = operationsOf(document)
      .filter(({ operation }) => operation.security?.length === 0)
      .map(({ operation }) => operation.operationId);
    expect(publicOnes).toEqual(
      expect.arrayContaining([
        'getHealth',
        'getReadiness',
        'listTimeZones',
        'getTestDefinitionSchema',
        'getSignedReportPdf',
        'getCandidateSession',
        'getPublicLink',
        'registerOnPublicLink',
      ]),
    );
  });

  it('resolves every $ref, and no schema carries $id or $schema', () => {
    const unresolved = refsIn(document).filter(([ref]) => {
      try {
        resolve(document, { $ref: ref });
        return !ref.startsWith('#/');
      } catch {
        return true;
      }
    });
    expect(unresolved).toEqual([]);
    expect(refsIn(document).some(([ref]) => ref.split('#').length > 2)).toBe(false);
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      expect(schema, name).not.toHaveProperty('$id');
      expect(schema, name).not.toHaveProperty('$schema');
    }
    expect(Object.keys(document.components.schemas).filter((name) => name.startsWith('Shared') || name.startsWith('__'))).toEqual([]);
  });

  it('declares the limits and formats the server enforces on query parameters', () => {
    const query = (operationId: string) => {
      const found = operationsOf(document).find(({ operation }) => operation.operationId === operationId)!;
      return Object.fromEntries(parametersOf(document, found.operation).map((parameter) => [parameter.name, parameter]));
    };
    const tests = query('listTests');
    expect(tests.page_size!.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100 });
    expect(tests.page_no!.schema).toMatchObject({ type: 'integer', minimum: 1 });
    const events = query('listEvents');
    expect(events.from).toMatchObject({ required: true, schema: { type: 'string', format: 'date-time' } });
    expect(events.to).toMatchObject({ required: false, schema: { type: 'string', format: 'date-time' } });
    expect(events.to!.description).toMatch(/after from/);
    expect(events.limit!.schema).toEqual({ type: 'integer', minimum: 1, maximum: 1000 });
    expect(query('getSignedReportPdf').expires!.schema).toMatchObject({ type: 'integer', minimum: 0 });
    expect(query('getTest').testId!.schema).toMatchObject({ type: 'integer', minimum: 1, format: 'int64' });
    const linkBody = document.components.schemas.TestLinkBody as { properties: Record<string, { pattern?: string }> };
    expect(new RegExp(linkBody.properties.startDateTime!.pattern!).test('2026-03-01T09:00:00')).toBe(true);
    expect(new RegExp(linkBody.properties.startDateTime!.pattern!).test('2026-03-01 09:00')).toBe(false);
  });

  it('offers Idempotency-Key on every POST of /v2/org and /admin, and nowhere else', () => {
    expect(FRONTS.filter((front) => front.idempotencyKeys).map(({ name }) => name)).toEqual(['v2']);
    for (const { method, path, operation } of operationsOf(document)) {
      const names = parametersOf(document, operation).map((parameter) => parameter.name);
      const expected = method === 'post' && (frontOfPath(FRONTS, path)?.idempotencyKeys === true || path.startsWith('/admin/'));
      expect(names.includes('Idempotency-Key'), keyOf(method, path)).toBe(expected);
    }
    const key = document.components.parameters.IdempotencyKey!;
    expect(key).toMatchObject({ in: 'header', required: false, schema: { type: 'string' } });
    const pattern = new RegExp(String(key.schema.pattern));
    expect(['0b5b6f1e-4a63-4d6f-9a8f-2c7f0c3a9e11', 'k'.repeat(255)].every((value) => pattern.test(value))).toBe(true);
    expect(['', 'k'.repeat(256), 'ключ'].some((value) => pattern.test(value))).toBe(false);
  });

  it('documents 503 with Retry-After on every operation, and 429 wherever rate limits apply', () => {
    // Every front's paths (each spends its per-key limit, decision 1300), and the rest of what is limited.
    const limited = (path: string) =>
      frontOfPath(FRONTS, path) !== undefined || ['/admin/', '/candidate/', '/v2/reports/'].some((prefix) => path.startsWith(prefix));
    // Each front fails in its own body (decisions 452, 846), everything else in the envelope.
    const failure = (path: string) => `#/components/schemas/${frontOfPath(FRONTS, path)?.documentation.failureSchema ?? 'FailureEnvelope'}`;
    expect(FRONTS.map(({ documentation }) => documentation.failureSchema)).toEqual(['FailureEnvelope', 'GreenhouseFailure', 'V3Failure']);
    for (const { method, path, operation } of operationsOf(document)) {
      expect(operation.responses['429'] !== undefined, keyOf(method, path)).toBe(limited(path));
      for (const status of limited(path) ? ['429', '503', '4XX'] : ['503', '4XX']) {
        const response = resolve(document, operation.responses[status]!);
        if (status !== '4XX') expect(response.headers, `${keyOf(method, path)} ${status}`).toHaveProperty('Retry-After');
        expect(response.content?.['application/json']?.schema, `${keyOf(method, path)} ${status}`).toEqual({ $ref: failure(path) });
      }
    }
  });

  it('describes the PATCH to Greenhouse as the greenhouseTestCompleted webhook, without a body', () => {
    const patch = document.webhooks.greenhouseTestCompleted!.patch!;
    expect(patch.operationId).toBe('greenhouseTestCompleted');
    expect(patch.requestBody).toBeUndefined();
    expect(patch.description).toMatch(/PUT \/v2\/org\/integrations\/greenhouse/);
  });

  it('describes the completion callback as the completionCallback webhook, with its Standard Webhooks headers', () => {
    const callback = document.webhooks.completionCallback!.post!;
    expect(callback.operationId).toBe('completionCallback');
    expect(callback.requestBody!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/CompletionCallback' });
    const headers = parametersOf(document, callback);
    expect(headers.map((header) => [header.name, header.in, header.required])).toEqual([
      ['webhook-id', 'header', true],
      ['webhook-timestamp', 'header', true],
      ['webhook-signature', 'header', true],
    ]);
    expect(document.components.schemas.CompletionCallback).toMatchObject({
      required: ['CandidateEmailId', 'AttemptedOn', 'TotalScore', 'CandidateScore', 'ReportPDFUrl', 'TestInvitationId'],
      additionalProperties: false,
    });
  });

  it('describes v3’s two notifications as the invitationStatusCallback webhook, signed like the completion callback', () => {
    const callback = document.webhooks.invitationStatusCallback!.post!;
    expect(callback.requestBody!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/V3Callback' });
    expect(parametersOf(document, callback).map((header) => header.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(document.components.schemas.V3Callback).toMatchObject({
      required: [
        'CandidateEmailId',
        'AttemptedOn',
        'TotalScore',
        'CandidateScore',
        'ReportPDFUrl',
        'TestInvitationId',
        'Status',
        'AttemptedOnUtc',
        'PerformanceCategory',
      ],
      additionalProperties: false,
    });
  });

  it('describes the opt-in submitted event as the submittedEvent webhook, signed like the completion callback', () => {
    const event = document.webhooks.submittedEvent!.post!;
    expect(event.operationId).toBe('submittedEvent');
    expect(event.requestBody!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/SubmittedEvent' });
    expect(parametersOf(document, event).map((header) => header.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(document.components.schemas.SubmittedEvent).toMatchObject({
      required: ['type', 'TestInvitationId', 'CandidateEmailId', 'SubmittedOn', 'AwaitingReview'],
      additionalProperties: false,
    });
  });
});
