import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BANK_BODY_LIMIT_BYTES, BankImportReport, BankImportRequest, testOfBank } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import { newAccessKey } from '@assay/store';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { unwrap } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/**
 * Bring your bank (issue 62 item 6; docs/bring-your-bank.md): a Moodle XML export or a GIFT file becomes a new test,
 * answered with the report of what could not be carried over. The readers (and their XML, GIFT and HTML libraries) are
 * loaded by the first import, not at start.
 */
export const bankImportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, now, config }) => {
  app.post(
    '/tests/import-bank',
    {
      bodyLimit: Math.max(BANK_BODY_LIMIT_BYTES, config.bodyLimitBytes),
      schema: {
        tags: ['tests'],
        summary: 'Import a Moodle XML or GIFT question bank as a new test (Assay extension)',
        description:
          'Reads `content` as `format` ("moodle-xml": a Moodle question bank export; "gift": GIFT text) and makes one test: a section per category, ' +
          'multiple choice (one or several right options), true/false, short answer, numerical and essay questions in the question text format. ' +
          'Answers the test with `skipped` (each question left out, with why: matching, calculated, Cloze, descriptions…) and `notCarried` (what an ' +
          'imported question left behind: feedback, partial credit, images, units…). 400.136 for a file the reader cannot read (naming the line and ' +
          'column), 400.137 when no question of the bank can be imported, 400.138 when the test made of it does not fit a test definition (e.g. more ' +
          'than 1440 minutes). Admin keys only, as for `POST /v2/org/tests` (any other: 403.17).',
        security: apiKeySecurity,
        body: BankImportRequest,
        response: envelopeResponses(BankImportReport),
      },
    },
    async (request, reply) => {
      const { format, content, testName, minutesPerQuestion } = request.body;
      const { bankItemsOf } = await import('../bank/bank-items.js');
      const bank = unwrap(testOfBank(unwrap(bankItemsOf(format, content)), { testName, minutesPerQuestion }));
      return answerWithEffect(
        reply,
        store,
        (repositories) => repositories.tests.importDefinition(request.org.orgId, bank.definition, newAccessKey(), now()),
        (test) => succeed({ test, importedCount: bank.importedCount, skipped: [...bank.skipped], notCarried: [...bank.notCarried] }),
      );
    },
  );
};
