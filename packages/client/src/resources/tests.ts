import {
  BankImportReport,
  type BankImportRequest,
  DefinitionCheck,
  ImportedTest,
  MAX_PAGE_SIZE,
  TestDetails,
  TestList,
  TestVersionList,
  TestVersionMade,
  type PagingQuery,
  type TestDefinition,
  type TestSummary,
} from '@assay/domain/schemas';
import { TestPreviewMade } from '@assay/domain/candidate';
import { z } from 'zod';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

/**
 * A page of tests (4.1) as read: `testsCount` is null when the server leaves it out (other v2 servers do),
 * rather than a number the client would have to make up.
 */
export const TestPage = z.object({ tests: TestList.shape.tests, testsCount: TestList.shape.testsCount.nullable() });
export type TestPage = z.infer<typeof TestPage>;

/** `page_size` (1–100, default 20) and `page_no` (from 1), as the server reads them. */
export type ListTestsQuery = Partial<PagingQuery>;

/** A test definition to import, as written (defaults may be left out). */
export type TestDefinitionInput = z.input<typeof TestDefinition>;

/** A question bank to import: `{ format: "moodle-xml" | "gift", content, testName?, minutesPerQuestion? }`. */
export type BankImportInput = z.input<typeof BankImportRequest>;

/** Tests: list (4.1), details (4.2), import and the definition schema (extensions). */
import { AiCheckResource } from './ai-check.js';
export class Tests {
  /** Which of a test's questions the model solves: `start` a check, `get` the latest (issue 60 item 7). */
  readonly aiCheck: AiCheckResource;

  constructor(private readonly transport: Transport) {
    this.aiCheck = new AiCheckResource(transport);
  }

  /** One page of tests and the count of all of them (null if the server does not say). */
  list(query: ListTestsQuery = {}, options?: CallOptions): Promise<TestPage> {
    return this.transport.json({ method: 'GET', path: '/v2/org/tests', query, credential: 'apiKey' }, TestPage, options);
  }

  /**
   * Every test, page after page (`for await (const test of client.tests.all())`), each once. A server may
   * serve fewer tests a page than asked (its own cap on `page_size`; the spec states none), so a short page
   * is not the end: the walk ends on an empty page, on a page with nothing new, or once `testsCount` tests
   * have been seen (when the server gives the count).
   */
  async *all(query: { page_size?: number } = {}, options?: CallOptions): AsyncGenerator<TestSummary, void, undefined> {
    const pageSize = query.page_size ?? MAX_PAGE_SIZE;
    const seen = new Set<number>();
    for (let pageNo = 1; ; pageNo++) {
      const page = await this.list({ page_size: pageSize, page_no: pageNo }, options);
      const fresh = page.tests.filter((test) => !seen.has(test.testId));
      for (const test of fresh) {
        seen.add(test.testId);
        yield test;
      }
      if (fresh.length === 0 || (page.testsCount !== null && seen.size >= page.testsCount)) return;
    }
  }

  /** A test with its sections. */
  get(testId: number, options?: CallOptions): Promise<TestDetails> {
    return this.transport.json({ method: 'GET', path: `/v2/org/tests/${segment(testId)}`, credential: 'apiKey' }, TestDetails, options);
  }

  /**
   * Imports a test definition (sections, questions, marks); answers the stored test, with `sameContentAs` naming an
   * earlier test of the org with exactly the same definition (imported twice), or null.
   */
  import(definition: TestDefinitionInput, options?: CallOptions): Promise<ImportedTest> {
    return this.transport.json(
      { method: 'POST', path: '/v2/org/tests', body: definition, credential: 'apiKey', acceptsIdempotencyKey: true },
      ImportedTest,
      options,
    );
  }

  /**
   * Imports a Moodle XML export or a GIFT file as a new test (docs/bring-your-bank.md): answers the test, the questions
   * `skipped` (each with why) and the parts `notCarried` (feedback, partial credit, images…). A file the server cannot
   * read is 400.136 naming the line; a bank with nothing importable 400.137; one that does not fit a test 400.138.
   */
  importBank(bank: BankImportInput, options?: CallOptions): Promise<BankImportReport> {
    return this.transport.json(
      { method: 'POST', path: '/v2/org/tests/import-bank', body: bank, credential: 'apiKey', acceptsIdempotencyKey: true },
      BankImportReport,
      options,
    );
  }

  /**
   * Checks a definition without importing it (issue 62 item 3): validated as `import` validates, then every coding
   * question's `referenceSolutions` and `wrongSolutions` run against its hidden tests in the server's sandbox. Answers
   * each solution's result and the problems with their paths in the definition; it keeps nothing. Runs take time:
   * pass a `timeout` fit for the number of solutions.
   */
  check(definition: TestDefinitionInput, options?: CallOptions): Promise<DefinitionCheck> {
    return this.transport.json({ method: 'POST', path: '/v2/org/test-definition/check', body: definition, credential: 'apiKey' }, DefinitionCheck, options);
  }

  /**
   * Changes a test: the whole definition as it is to be becomes its next version (docs/test-versions.md). Attempts
   * already started keep theirs; the same definition as the current version makes nothing (`created: false`). A
   * question that keeps its `key` with another meaning, or a `reimplements` naming no dropped key, is 400.132.
   */
  addVersion(testId: number, definition: TestDefinitionInput, options?: CallOptions): Promise<TestVersionMade> {
    return this.transport.json(
      { method: 'POST', path: `/v2/org/tests/${segment(testId)}/versions`, body: definition, credential: 'apiKey', acceptsIdempotencyKey: true },
      TestVersionMade,
      options,
    );
  }

  /**
   * A preview link of a definition (docs/tests-as-files.md, "Preview link"): `previewUrl` opens the real candidate page
   * for 24 hours and records nothing: no invitation, answer, run count, score or email. Validated as `import` validates;
   * nothing of it becomes a test. Admin and recruiter keys.
   */
  preview(definition: TestDefinitionInput, options?: CallOptions): Promise<TestPreviewMade> {
    return this.transport.json(
      { method: 'POST', path: '/v2/org/tests/previews', body: definition, credential: 'apiKey', acceptsIdempotencyKey: true },
      TestPreviewMade,
      options,
    );
  }

  /** A preview link of one of the org's tests, at `version` (the current one when left out; 404.127 for one it lacks). */
  previewOf(testId: number, query: { version?: number } = {}, options?: CallOptions): Promise<TestPreviewMade> {
    return this.transport.json(
      {
        method: 'POST',
        path: `/v2/org/tests/${segment(testId)}/previews`,
        body: query.version === undefined ? {} : { version: query.version },
        credential: 'apiKey',
        acceptsIdempotencyKey: true,
      },
      TestPreviewMade,
      options,
    );
  }

  /** The test's versions, oldest first, with the attempts started on each and which is current. */
  versions(testId: number, options?: CallOptions): Promise<TestVersionList> {
    return this.transport.json({ method: 'GET', path: `/v2/org/tests/${segment(testId)}/versions`, credential: 'apiKey' }, TestVersionList, options);
  }

  /** The JSON Schema of an importable definition (for editors and CI checks); public, no API key. */
  definitionSchema(options?: CallOptions): Promise<Record<string, unknown>> {
    return this.transport.document({ method: 'GET', path: '/v2/test-definition.schema.json', credential: 'none' }, options) as Promise<Record<string, unknown>>;
  }
}
