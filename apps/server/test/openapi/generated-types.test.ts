import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';
import { operationOf, responseKeyOf } from './exchange-operations.js';
import { exerciseEveryOperation } from './exercise-every-operation.js';
import { playScenario, type Exchange, type Scenario } from './scenario.js';
import { fetchDocument, type OpenApiDocument } from './served-document.js';

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
  exchanges
    .filter((exchange) => isJson(exchange.contentType))
    .forEach((exchange, index) => {
      const found = operationOf(document, exchange.method, exchange.url);
      if (!found?.operation.operationId) throw new Error(`${exchange.method} ${exchange.url} is not a documented operation`);
      const status = responseKeyOf(found.operation.responses, exchange.status);
      if (!status) throw new Error(`${exchange.method} ${exchange.url} answered ${exchange.status}, which the document does not list`);
      operationIds.add(found.operation.operationId);
      const key = /^\d+$/.test(status) ? status : JSON.stringify(status);
      lines.push(`// ${exchange.method} ${exchange.url} → ${exchange.status}`);
      const type = `Answer<${JSON.stringify(found.operation.operationId)}, ${key}, ${JSON.stringify(mediaTypeOf(exchange.contentType))}>`;
      lines.push(`export const answer${index}: ${type} = ${exchange.body};`);
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
  const program = ts.createProgram(
    files.map((file) => join(dir, file)),
    options,
  );
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
