import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, V3TestLink, V3TestLinkList, toV3TestLink, type TestLink } from '@assay/domain';
import type { AppContext } from '../../context.js';
import { found } from '../../refusal-error.js';
import { v3Responses, v3Security } from './responses.js';

/** `GET /v3/tests/{testId}/testlinks` and `…/{testLinkId}` in v3's shape (decision 890), the links v2's 4.3–4.6 manage. */
export const v3TestLinkRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, config }) => {
  const v3LinkOf = (link: TestLink): V3TestLink => toV3TestLink(link, `${config.publicUrl}/l/${link.testLinkAccessKey}`);

  app.get(
    '/tests/:testId/testlinks',
    {
      schema: {
        tags: ['v3'],
        summary: "List a test's links (iMocha v3)",
        description: 'Dates are UTC with the Z suffix. Another organization’s test answers 404 like a missing one.',
        security: v3Security,
        params: z.object({ testId: IdParam }),
        response: v3Responses(V3TestLinkList),
      },
    },
    async (request) => {
      const { testId } = request.params;
      found(await store.tests.find(request.org.orgId, testId), 'test-not-found', `No test ${testId}.`);
      const links = await store.testLinks.list(request.org.orgId, testId);
      return { testLinks: links.map(v3LinkOf) };
    },
  );

  app.get(
    '/tests/:testId/testlinks/:testLinkId',
    {
      schema: {
        tags: ['v3'],
        summary: 'Get a test link (iMocha v3)',
        description: 'A link of another test or organization answers 404 like a missing one.',
        security: v3Security,
        params: z.object({ testId: IdParam, testLinkId: IdParam }),
        response: v3Responses(V3TestLink),
      },
    },
    async (request) => {
      const { testId, testLinkId } = request.params;
      const link = await store.testLinks.find(request.org.orgId, testId, testLinkId);
      return v3LinkOf(found(link, 'test-link-not-found', `No test link ${testLinkId} on test ${testId}.`));
    },
  );
};
