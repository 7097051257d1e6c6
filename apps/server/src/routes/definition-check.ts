import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DefinitionCheck, SOLUTIONS_PER_CHECK_CAP, TestDefinition } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { checkDefinition } from '../services/definition-check.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

/** Checks a test file before it is imported (issue 62 item 3): `assay tests lint` and `push` ask it. */
export const definitionCheckRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.post(
    '/test-definition/check',
    {
      // A read that writes nothing: an Idempotency-Key is neither claimed nor replayed (as decision 879's export).
      config: { keepsNoAnswer: true },
      schema: {
        tags: ['tests'],
        summary: 'Check a test definition and run its solutions (Assay extension)',
        description:
          'Validates the definition as POST /v2/org/tests does (400 with each problem), then runs every coding question’s `referenceSolutions` and `wrongSolutions` ' +
          'against its hidden tests in the sandbox, in the scoring lane. Answers each solution’s result and the problems, each with its path in the definition: ' +
          'a reference solution failing a hidden test (at that test), a wrong solution passing them all (“your hidden tests accept a wrong answer”), a solution ' +
          'this server could not run. Imports, stores and records nothing; `problems` empty means the hidden tests hold. A reviewer key is refused (403.17). ' +
          `A definition carrying more than ${SOLUTIONS_PER_CHECK_CAP} solutions in all is refused before any run (400.131, naming the count and the cap).`,
        security: apiKeySecurity,
        body: TestDefinition,
        response: envelopeResponses(DefinitionCheck),
      },
    },
    async (request, reply) => {
      const stop = new AbortController();
      // A client that hangs up stops the runs it was waiting for (after the answer, aborting stops nothing).
      reply.raw.once('close', () => stop.abort());
      return succeed(await checkDefinition(app.assay.runner, request.org.orgId, request.body, stop.signal));
    },
  );
};
