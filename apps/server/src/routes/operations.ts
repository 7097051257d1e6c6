import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readinessEmailOf, readinessLanguages, ServiceReadiness, TimeZone, testDefinitionJsonSchema, timeZoneTable } from '@assay/domain';
import type { LanguageId } from '@assay/domain/languages';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { refusal } from '../refusal-error.js';
import { envelopeResponses } from './responses.js';
import { NO_MODEL_READINESS } from '../ai/model-status.js';

const Health = z.object({ status: z.literal('ok') });

/** The longest /readyz waits for a stale model status to be probed again before it says what it knows. */
const MODEL_PROBE_WAIT_MS = 2_000;

/** Liveness, readiness and public reference data: no API key needed. */
export const operationsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, languages, assistantModel, email }) => {
  app.get('/healthz', { schema: { tags: ['operations'], summary: 'The process is up', response: envelopeResponses(Health) } }, async () =>
    succeed({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The database answers and takes writes',
        description:
          '`languages` says which languages this server runs, why each other one does not run here and how to enable it (`remedy`), which languages scoring jobs wait for because no live process runs them, and whose compilers this server is still preparing since it started (`warming`: it is ready meanwhile; a run of one of them waits for it). ' +
          '`ai` says whether a model is configured for the assistant and whether it answered when last asked (every 15 s at most); a model that does not answer never makes the server unready. ' +
          '`email` (with an outbox worker in this process) says whether emails are going out; a failing outbox (a full disk, a refusing SMTP server) is said there and leaves the answer 200 (decision 1141).',
        response: envelopeResponses(ServiceReadiness),
      },
    },
    async (request) => {
      try {
        await store.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        throw refusal('not-ready', 'The database is not reachable.');
      }
      // A moment's try at the write lock: a server whose writes all answer 503.4 is not ready, though it reads.
      const unavailable = await store.writesUnavailable();
      if (unavailable) throw refusal('not-ready', `The database takes no writes: ${unavailable}. Reads are answered; writes answer 503.4 until it does.`);
      const warming = Object.entries(app.assay.runner.compilerWarmth?.() ?? {}).flatMap(([language, state]) =>
        state === 'warming' ? [language as LanguageId] : [],
      );
      const [waiting, ai] = await Promise.all([
        store.sandboxWorkers.waitingLanguages(),
        assistantModel ? assistantModel.status.readiness(MODEL_PROBE_WAIT_MS) : NO_MODEL_READINESS,
      ]);
      const sending = email.state;
      return succeed({
        status: 'ok' as const,
        languages: readinessLanguages(languages, waiting, warming),
        ai,
        ...(sending ? { email: readinessEmailOf(sending) } : {}),
      });
    },
  );

  app.get(
    '/v2/timezones',
    {
      schema: {
        tags: ['reference'],
        summary: 'The timeZoneId table (Assay extension)',
        response: envelopeResponses(z.object({ timeZones: z.array(TimeZone) })),
      },
    },
    async () => succeed({ timeZones: [...timeZoneTable] }),
  );

  // Made at the first request for it (zod's JSON Schema conversion is ~10 ms of every start otherwise), then kept.
  let definitionSchema: ReturnType<typeof testDefinitionJsonSchema> | undefined;
  app.get(
    '/v2/test-definition.schema.json',
    {
      schema: {
        tags: ['reference'],
        summary: 'JSON Schema of an importable test definition (Assay extension)',
        description: 'Plain JSON Schema (not an envelope), for editors and CI checks of test files.',
        response: {
          200: z.any().meta({
            description: 'The JSON Schema (draft 2020-12) of TestDefinition',
            content: { 'application/schema+json': { schema: { type: 'object', additionalProperties: true } } },
          }),
        },
      },
    },
    async (_request, reply) => reply.type('application/schema+json').send((definitionSchema ??= testDefinitionJsonSchema())),
  );
};
