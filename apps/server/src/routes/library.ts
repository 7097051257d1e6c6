import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ImportedTest, PagingQuery, pageOffset, TestDefinition } from '@assay/domain';
import {
  filterLibrary,
  LibraryFilter,
  LibraryImportInput,
  LibraryItemDetails,
  LibraryItemId,
  LibraryList,
  libraryImportDefinition,
  libraryItemDetails,
  libraryItemSummary,
  librarySkills,
  ReadyTestList,
  readyTestSummary,
} from '@assay/domain/library';
import { succeed } from '@assay/domain/v2';
import { loadLibrary } from '@assay/library';
import type { AppContext } from '../context.js';
import { found, unwrap } from '../refusal-error.js';
import { importTestDefinition } from '../services/test-import.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/** The library as shipped with this server, read and checked once, on the first request that needs it. */
export const shipped = (() => {
  let library: ReturnType<typeof indexed> | undefined;
  const indexed = () => {
    const { items, tests } = loadLibrary();
    return { items, tests, byId: { items: new Map(items.map((item) => [item.id, item])), tests: new Map(tests.map((test) => [test.id, test])) } };
  };
  return () => (library ??= indexed());
})();

/**
 * The open library (issue 62 items 1 and 2; docs/library.md): the same for every org, read by every key that reads
 * tests; an import makes the org a new test from a ready test or chosen items, as `POST /v2/org/tests` does.
 */
export const libraryRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/library',
    {
      schema: {
        tags: ['library'],
        summary: 'List the library’s items (Assay extension)',
        description:
          'The open library’s questions, each with its type, level, skills, languages, licence, source and attribution, filtered by `skill` (without regard to case), `type`, `language` and `level` together, in the order of their ids, paged. `skills` lists every skill of the library.',
        security: apiKeySecurity,
        querystring: PagingQuery.extend(LibraryFilter.shape),
        response: envelopeResponses(LibraryList),
      },
    },
    async (request) => {
      const { page_size, page_no, ...filter } = request.query;
      const library = shipped();
      const matching = filterLibrary(library.items, filter);
      const offset = pageOffset({ page_size, page_no });
      return succeed({
        items: matching.slice(offset, offset + page_size).map(libraryItemSummary),
        itemsCount: matching.length,
        skills: librarySkills(library.items),
      });
    },
  );

  app.get(
    '/library/items/:itemId',
    {
      schema: {
        tags: ['library'],
        summary: 'One library item whole (Assay extension)',
        description:
          'The item’s question exactly as a test definition holds it (hidden tests included), with its explanation. 404.126 for an id that is no item.',
        security: apiKeySecurity,
        params: z.object({ itemId: LibraryItemId }),
        response: envelopeResponses(LibraryItemDetails),
      },
    },
    async (request) => {
      const { itemId } = request.params;
      const item = found(shipped().byId.items.get(itemId), 'library-entry-not-found', `No library item ${itemId}: GET /v2/org/library lists them.`);
      return succeed(libraryItemDetails(item));
    },
  );

  app.get(
    '/library/tests',
    {
      schema: {
        tags: ['library'],
        summary: 'List the library’s ready tests (Assay extension)',
        description: 'Tests for real roles built from library items: sections with their durations, items and pools, verdict bands, skills.',
        security: apiKeySecurity,
        response: envelopeResponses(ReadyTestList),
      },
    },
    async () => {
      const library = shipped();
      return succeed({ tests: library.tests.map((test) => readyTestSummary(test, library.byId.items)) });
    },
  );

  app.post(
    '/library/import',
    {
      schema: {
        tags: ['library'],
        summary: 'Make a new test from the library (Assay extension)',
        description:
          '`{ "readyTest": id }` (optionally with `testName`) imports a ready test; `{ "items": [id, …], "testName": … }` makes a test of chosen items: the questions in a general section, the coding problems in a coding section after it. Answers as `POST /v2/org/tests` does, with the same refusals (400.30, 400.31). The description names every source the items were adapted from, with its licence. 400.139 for an item that is no item or is named twice, 404.126 for a ready test that is not one.',
        security: apiKeySecurity,
        body: LibraryImportInput,
        response: envelopeResponses(ImportedTest),
      },
    },
    async (request, reply) => {
      const definition = TestDefinition.parse(unwrap(libraryImportDefinition(request.body, shipped().byId)));
      return importTestDefinition(context, request.org.orgId, definition, reply);
    },
  );
};
