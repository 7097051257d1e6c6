import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidate } from '../helpers/candidate.js';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';
import { operationOf, responseKeyOf } from './exchange-operations.js';
import { adminHeaders, playScenario, recording, type Exchange, type Scenario } from './scenario.js';
import { fetchDocument, type OpenApiDocument } from './served-document.js';

const PIXEL_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Calls every JSON operation at least once, successes and refusals alike, and keeps what the server said. */
const exerciseEveryOperation = async (h: Harness, s: Scenario): Promise<Exchange[]> => {
  const exchanges: Exchange[] = [];
  const send = recording(h, exchanges);
  const admin = { apiKey: null, headers: adminHeaders };
  const { testId, testLinkId, accessKey, questionIds, invitations, tokens } = s;
  const fresh = async (emailId: string) => {
    const body = (await send({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body: { emailId, fullName: 'Alan Turing' } })).json();
    return { id: body.result.testInvitationId as number, token: new URL(body.result.takeTestURL as string).pathname.split('/').at(-1)! };
  };
  for (const url of ['/healthz', '/readyz', '/v2/timezones', '/v2/test-definition.schema.json']) await send({ method: 'GET', url, apiKey: null });
  await send({ method: 'GET', url: '/v2/org/tests?page_size=5&page_no=1' });
  await send({ method: 'GET', url: `/v2/org/tests/${testId}` });
  await send({ method: 'POST', url: '/v2/org/tests', body: { testName: 'Tiny', sections: [{ sectionName: 'A', sectionType: 'general', duration: 5, questions: [{ type: 'single_choice', text: 'Yes?', marks: 1, options: [{ text: 'yes', correct: true }, { text: 'no', correct: false }] }] }] } });
  await send({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body: { testLinkName: 'Window', accessTime: 1, startDateTime: '2026-01-01T09:00:00', endDateTime: '2036-01-01T09:00:00', timeZoneId: 1720 } });
  await send({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks/${testLinkId}`, body: { testLinkName: 'Open, renamed', accessTime: 0, startDateTime: '', endDateTime: '' } });
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/testlinks/${testLinkId}` });
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/testlinks` });
  await send({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks/${testLinkId}/register`, body: { emailId: 'second.link@example.com', fullName: 'Edsger Dijkstra' } });
  await send({ method: 'GET', url: `/v2/org/testinvitation/${invitations.pending}/cancel?testId=${testId}` });
  await send({ method: 'GET', url: `/v2/org/testinvitation/${invitations.completed}/reattempt` });
  await send({ method: 'GET', url: `/v2/org/report/${invitations.completed}` });
  await send({ method: 'GET', url: `/v2/org/report/${invitations.completed}/sections` });
  await send({ method: 'GET', url: `/v2/org/report/${invitations.running}` });
  await send({ method: 'GET', url: '/v2/org/webhooks' });
  await send({ method: 'POST', url: '/v2/org/webhooks/settings', body: { trailingSpaceKeys: false } });
  await send({ method: 'POST', url: '/v2/org/webhooks/secret/rotate' });
  await send({ method: 'GET', url: `/v2/org/testinvitation/${invitations.completed}/deliveries` });
  await send({ method: 'POST', url: `/v2/org/deliveries/${s.jobId}/redeliver` });
  await send({ method: 'GET', url: `/v2/org/events?from=${encodeURIComponent('2020-01-01T00:00:00Z')}&limit=10` });
  const taking = await fresh('taking@example.com');
  const api = candidate(h, taking.token);
  await send({ method: 'GET', url: `/candidate/v1/${taking.token}`, apiKey: null });
  await send({ method: 'POST', url: `/candidate/v1/${taking.token}/start`, apiKey: null });
  await send({ method: 'PUT', url: `/candidate/v1/${taking.token}/answers/${questionIds[1]}`, body: { optionIds: [0, 1] }, apiKey: null });
  await send({ method: 'POST', url: `/candidate/v1/${taking.token}/events`, body: { type: 'left', at: new Date().toISOString() }, apiKey: null });
  await send({ method: 'POST', url: `/candidate/v1/${taking.token}/snapshots`, body: { image: PIXEL_PNG }, apiKey: null });
  await send({ method: 'POST', url: `/candidate/v1/${taking.token}/run/${questionIds[2]}`, body: { code: 'function sum(n) { return 3; }' }, apiKey: null });
  await send({ method: 'POST', url: `/candidate/v1/${taking.token}/submit`, apiKey: null });
  expect((await api.session()).statusCode).toBe(200);
  await send({ method: 'GET', url: `/v2/org/testinvitation/${invitations.running}/reset` });
  await send({ method: 'GET', url: `/candidate/v1/links/${accessKey}`, apiKey: null });
  await send({ method: 'POST', url: `/candidate/v1/links/${accessKey}/register`, body: { emailId: 'self@example.com', fullName: 'Barbara Liskov' }, apiKey: null });
  await send({ method: 'POST', url: '/admin/orgs', body: { name: 'Third', email: 'third@example.com', timeZoneId: 1720 }, ...admin });
  const { orgId, keyIds } = s.otherOrg;
  await send({ method: 'GET', url: `/admin/orgs/${orgId}/keys`, ...admin });
  await send({ method: 'POST', url: `/admin/orgs/${orgId}/keys/${keyIds[0]}/revoke`, ...admin });
  await send({ method: 'POST', url: `/admin/orgs/${orgId}/keys`, ...admin });
  await send({ method: 'POST', url: `/admin/orgs/${orgId}/keys/rotate`, ...admin });
  // Refusals: each is typed by the document's 4XX.
  await send({ method: 'GET', url: '/v2/org/tests', apiKey: null });
  await send({ method: 'GET', url: '/v2/org/tests?page_size=101' });
  await send({ method: 'GET', url: '/v2/org/tests/999999' });
  await send({ method: 'GET', url: `/v2/org/testinvitation/${invitations.completed}/cancel` });
  await send({ method: 'GET', url: '/admin/orgs/1/keys', apiKey: null });
  await send({ method: 'GET', url: '/candidate/v1/not-a-token', apiKey: null });
  await send({ method: 'GET', url: '/v2/reports/1/pdf?expires=1&signature=forged', apiKey: null });
  return exchanges;
};

const mediaTypeOf = (contentType: string) => contentType.split(';')[0]!.trim();
const isJson = (contentType: string) => /^application\/([a-z.+-]+\+)?json$/.test(mediaTypeOf(contentType));

/** A TypeScript module that assigns each real answer, as a literal, to the type generated for it. */
const typedAnswers = (document: OpenApiDocument, exchanges: Exchange[], callbackBody: string): { source: string; operationIds: Set<string> } => {
  const operationIds = new Set<string>();
  const lines = [
    "import type { operations, webhooks } from './api';",
    'type Answer<Id extends keyof operations, Status extends keyof operations[Id]["responses"], Media extends string> =',
    '  operations[Id]["responses"][Status] extends { content: infer Content } ? (Media extends keyof Content ? Content[Media] : never) : never;',
    'type Callback = webhooks["completionCallback"]["post"]["requestBody"]["content"]["application/json"];',
    '',
  ];
  exchanges.filter((exchange) => isJson(exchange.contentType)).forEach((exchange, index) => {
    const found = operationOf(document, exchange.method, exchange.url);
    if (!found?.operation.operationId) throw new Error(`${exchange.method} ${exchange.url} is not a documented operation`);
    const status = responseKeyOf(found.operation.responses, exchange.status);
    if (!status) throw new Error(`${exchange.method} ${exchange.url} answered ${exchange.status}, which the document does not list`);
    operationIds.add(found.operation.operationId);
    const key = /^\d+$/.test(status) ? status : JSON.stringify(status);
    lines.push(`// ${exchange.method} ${exchange.url} → ${exchange.status}`);
    lines.push(`export const answer${index}: Answer<${JSON.stringify(found.operation.operationId)}, ${key}, ${JSON.stringify(mediaTypeOf(exchange.contentType))}> = ${exchange.body};`);
  });
  lines.push(`export const callback: Callback = ${callbackBody};`);
  // The check can fail: a payload the types do not describe is a compile error.
  lines.push('// @ts-expect-error the result of listTests is no string');
  lines.push('export const wrong: Answer<"listTests", 200, "application/json"> = { statuscode: "200.1", description: "", result: "tests" };');
  return { source: `${lines.join('\n')}\n`, operationIds };
};

const compile = (dir: string, files: string[]): string => {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  };
  const program = ts.createProgram(files.map((file) => join(dir, file)), options);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => dir, getNewLine: () => '\n' });
};

describe.each(backends)('types generated from the served document with openapi-typescript, on %s', (backend) => {
  let h: Harness;
  let scenario: Scenario;
  let dir: string;
  beforeAll(async () => {
    h = await startHarness(backend);
    scenario = await playScenario(h);
    dir = mkdtempSync(join(tmpdir(), 'assay-openapi-types-'));
  });
  afterAll(async () => {
    await scenario?.close();
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("accept the server's own answers and callback, and nothing else", async () => {
    const document = await fetchDocument(h);
    const api = astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { silent: true }));
    writeFileSync(join(dir, 'api.ts'), api);
    const exchanges = [...scenario.exchanges, ...(await exerciseEveryOperation(h, scenario))];
    const { source, operationIds } = typedAnswers(document, exchanges, scenario.callback.body);
    writeFileSync(join(dir, 'answers.ts'), source);
    expect(compile(dir, ['answers.ts'])).toBe('');
    // Every operation that answers JSON was checked with a real answer.
    const jsonOperations = Object.values(document.paths)
      .flatMap((item) => Object.values(item))
      .filter((operation) => operation.responses['200'] && 'content' in operation.responses['200'] && operation.responses['200'].content?.['application/json'])
      .map((operation) => operation.operationId!);
    expect(jsonOperations.filter((id) => !operationIds.has(id))).toEqual([]);
  });
});
