import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, TestLink, TestLinkInput, TestLinkList, resolveTestLinkSettings } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import { settingsOf } from '@assay/store';
import type { AppContext } from '../context.js';
import { found, unwrap } from '../refusal-error.js';
import { newAccessKey } from '@assay/store';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const TestParams = z.object({ testId: IdParam });
const LinkParams = z.object({ testId: IdParam, testLinkId: IdParam });

export const testLinkRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, now }) => {
  const testOf = async (orgId: number, testId: number) => found(await store.tests.find(orgId, testId), 'test-not-found', `No test ${testId}.`);

  app.post(
    '/tests/:testId/testlinks',
    {
      schema: {
        tags: ['test links'],
        summary: 'Create test link (4.3)',
        security: apiKeySecurity,
        params: TestParams,
        body: TestLinkInput,
        response: envelopeResponses(TestLink),
      },
    },
    async (request, reply) => {
      const { org } = request;
      const test = await testOf(org.orgId, request.params.testId);
      const settings = unwrap(resolveTestLinkSettings(request.body, { timeZoneId: org.orgTimeZoneId, email: org.orgEmail }));
      return answerWithEffect(reply, store, (repositories) => repositories.testLinks.create(org.orgId, test.id, settings, newAccessKey(), now()), succeed);
    },
  );

  app.post(
    '/tests/:testId/testlinks/:testLinkId',
    {
      schema: {
        tags: ['test links'],
        summary: 'Update test link (4.4)',
        description: 'Optional fields left out keep their stored values; empty date strings mean null for accessTime 0.',
        security: apiKeySecurity,
        params: LinkParams,
        body: TestLinkInput,
        response: envelopeResponses(TestLink),
      },
    },
    async (request, reply) => {
      const { org } = request;
      const { testId, testLinkId } = request.params;
      const missing = `No test link ${testLinkId} on test ${testId}.`;
      const current = found(await store.testLinks.find(org.orgId, testId, testLinkId), 'test-link-not-found', missing);
      const settings = unwrap(resolveTestLinkSettings(request.body, { timeZoneId: org.orgTimeZoneId, email: org.orgEmail }, settingsOf(current)));
      return answerWithEffect(
        reply,
        store,
        (repositories) => repositories.testLinks.update(org.orgId, testId, testLinkId, settings, now()),
        (updated) => succeed(found(updated, 'test-link-not-found', missing)),
      );
    },
  );

  app.get(
    '/tests/:testId/testlinks/:testLinkId',
    {
      schema: {
        tags: ['test links'],
        summary: 'Get test link (4.5)',
        security: apiKeySecurity,
        params: LinkParams,
        response: envelopeResponses(TestLink),
      },
    },
    async (request) => {
      const { testId, testLinkId } = request.params;
      const link = await store.testLinks.find(request.org.orgId, testId, testLinkId);
      return succeed(found(link, 'test-link-not-found', `No test link ${testLinkId} on test ${testId}.`));
    },
  );

  app.get(
    '/tests/:testId/testlinks',
    {
      schema: {
        tags: ['test links'],
        summary: 'Get all test links of a test (4.6)',
        security: apiKeySecurity,
        params: TestParams,
        response: envelopeResponses(TestLinkList),
      },
    },
    async (request) => {
      const test = await testOf(request.org.orgId, request.params.testId);
      return succeed({ testLinks: await store.testLinks.list(request.org.orgId, test.id) });
    },
  );
};
