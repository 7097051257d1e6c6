import { ImportedTest, TestVersionMade } from '@assay/domain/schemas';
import type { z } from 'zod';
import {
  type LibraryAdditionInput,
  type LibraryFilter,
  LibraryItemDetails,
  type LibraryImportInput,
  LibraryList,
  ReadyTestList,
  type ReadyTestSummary,
} from '@assay/domain/library';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

/**
 * The open library (issue 62, Assay extensions; docs/library.md): items with their licences and ready tests for real
 * roles, read by every key that reads tests; an import makes a new test (admin and recruiter keys).
 */
export class Library {
  constructor(private readonly transport: Transport) {}

  /** One page of items, filtered by skill (any case), type, language and level together; `skills` lists them all. */
  list(filter: LibraryFilter & { page_no?: number; page_size?: number } = {}, options?: CallOptions): Promise<LibraryList> {
    return this.transport.json({ method: 'GET', path: '/v2/org/library', query: filter, credential: 'apiKey' }, LibraryList, options);
  }

  /** One item whole: its question as a test definition holds it, hidden tests included, and its explanation (404.126). */
  item(itemId: string, options?: CallOptions): Promise<LibraryItemDetails> {
    return this.transport.json({ method: 'GET', path: `/v2/org/library/items/${segment(itemId)}`, credential: 'apiKey' }, LibraryItemDetails, options);
  }

  /** The ready tests, with their sections, durations, pools and skills. */
  async readyTests(options?: CallOptions): Promise<ReadyTestSummary[]> {
    return (await this.transport.json({ method: 'GET', path: '/v2/org/library/tests', credential: 'apiKey' }, ReadyTestList, options)).tests;
  }

  /**
   * A new test of the org from a ready test (`{ readyTest }`) or chosen items (`{ items, testName }`); 400.139 names
   * ids that are no items, 404.126 a ready test that is none. Sent with an Idempotency-Key: a retry makes one test.
   */
  import(input: z.input<typeof LibraryImportInput>, options?: CallOptions): Promise<ImportedTest> {
    return this.transport.json({ method: 'POST', path: '/v2/org/library/import', body: input, credential: 'apiKey', idempotent: true }, ImportedTest, options);
  }

  /**
   * Adds chosen items (`{ items }`) or a ready test's sections (`{ readyTest }`) after an existing test's own, as its
   * next version (docs/test-versions.md): attempts already started keep theirs. 404.2 for a test not in the org.
   */
  addToTest(testId: number, input: z.input<typeof LibraryAdditionInput>, options?: CallOptions): Promise<TestVersionMade> {
    return this.transport.json(
      { method: 'POST', path: `/v2/org/tests/${segment(testId)}/library-items`, body: input, credential: 'apiKey', acceptsIdempotencyKey: true },
      TestVersionMade,
      options,
    );
  }
}
