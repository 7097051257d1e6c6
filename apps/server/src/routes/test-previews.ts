import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, PREVIEW_LIFETIME_MS, TestDefinition, TestPreviewMade, TestPreviewRequest, takeTestUrl } from '@assay/domain';
import { importableLanguages, languagesNeeded } from '@assay/domain/languages';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { newPreviewToken, previewTokenHash } from '../candidate/preview-token.js';
import { found, unwrap } from '../refusal-error.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const Params = z.object({ testId: IdParam });

const WHAT_IT_IS =
  'The URL opens the real candidate page (`/t/{token}`) of the test for anyone holding it, for 24 hours: landing, start, the questions drawn and shuffled as the test says, the timer, sample and custom-input runs in the sandbox (the same per-token budget as a candidate’s), submit. Nothing is recorded: no invitation, candidate, answer, event, snapshot, run count, score, report, email or callback; loading the page again starts over at the landing. The AI assistant and authorship follow-ups are not offered. After 24 hours the link answers like an unknown test link (404.7). Only a hash of its token is kept: the URL is answered once.';
const ROLES = 'Admin and recruiter keys (any other: 403.17 naming them, decision 1495).';

/** Preview links (issue 62 item 3, decisions 1492–1495; docs/tests-as-files.md "Preview link"). */
export const testPreviewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { store, now, config, languages } = context;

  /** Keeps the preview's definition for 24 hours under a new token's hash and answers its URL. */
  const makePreview = async (
    reply: Parameters<typeof answerWithEffect>[0],
    orgId: number,
    testId: number | null,
    definition: TestDefinition,
  ): Promise<ReturnType<typeof succeed<TestPreviewMade>>> => {
    // A language no process here runs could not run its samples: refused as an import is (400.30).
    unwrap(importableLanguages(languagesNeeded(definition), languages, await store.sandboxWorkers.liveLanguages()));
    const token = newPreviewToken();
    const at = now();
    return answerWithEffect(
      reply,
      store,
      (repositories) =>
        repositories.testPreviews.create({ orgId, tokenHash: previewTokenHash(token), testId, definition, createdAt: at, expiresAt: at + PREVIEW_LIFETIME_MS }),
      (preview) => succeed({ previewUrl: takeTestUrl(config.publicUrl, token), token, expiresAt: new Date(preview.expiresAt).toISOString() }),
    );
  };

  app.post(
    '/tests/previews',
    {
      schema: {
        tags: ['tests'],
        summary: 'A preview link of a test definition, recording nothing (Assay extension)',
        description: `The definition as POST /v2/org/tests takes it (a YAML file sent as its JSON), checked the same way (400.2, 400.30); nothing of it becomes a test. ${WHAT_IT_IS} ${ROLES}`,
        security: apiKeySecurity,
        body: TestDefinition,
        response: envelopeResponses(TestPreviewMade),
      },
    },
    async (request, reply) => makePreview(reply, request.org.orgId, null, request.body),
  );

  app.post(
    '/tests/:testId/previews',
    {
      schema: {
        tags: ['tests'],
        summary: 'A preview link of one of the org’s tests, recording nothing (Assay extension)',
        description: `The optional body \`{ version }\` names the version to show (the current one when left out; 404.127 for a version the test does not have). 404.2 for a test not in the org. ${WHAT_IT_IS} ${ROLES}`,
        security: apiKeySecurity,
        params: Params,
        body: TestPreviewRequest.nullish(),
        response: envelopeResponses(TestPreviewMade),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const { testId } = request.params;
      const version = request.body?.version;
      const current = found(await store.tests.currentDefinition(orgId, testId), 'test-not-found', `No test ${testId}.`);
      const definition =
        version === undefined
          ? current
          : found(
              await store.tests.versionDefinition(orgId, testId, version),
              'test-version-not-found',
              `Test ${testId} has no version ${version}: GET /v2/org/tests/${testId}/versions lists them.`,
            );
      return makePreview(reply, orgId, testId, definition);
    },
  );
};
