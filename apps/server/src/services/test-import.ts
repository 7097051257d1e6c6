import type { FastifyReply } from 'fastify';
import type { TestDefinition } from '@assay/domain';
import { assistantAvailable, defaultAiSettingsOf, needsModel } from '@assay/domain/ai';
import { importableLanguages, languagesNeeded } from '@assay/domain/languages';
import { succeed } from '@assay/domain/v2';
import { newAccessKey } from '@assay/store';
import { orgModelAvailability } from '../ai/model-availability.js';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { unwrap } from '../refusal-error.js';

/**
 * A test definition made the org's new test, as `POST /v2/org/tests` and the library's import both do: every language a
 * question accepts must run somewhere (400.30), a policy offering the assistant needs a model (400.31), and the answer
 * is kept under the request's Idempotency-Key.
 */
export const importTestDefinition = async (
  { store, now, languages, model }: Pick<AppContext, 'store' | 'now' | 'languages' | 'model'>,
  orgId: number,
  definition: TestDefinition,
  reply: FastifyReply,
) => {
  await checkDefinitionRuns({ store, languages, model }, orgId, definition);
  return answerWithEffect(reply, store, (repositories) => repositories.tests.importDefinition(orgId, definition, newAccessKey(), now()), succeed);
};

/** What a definition needs of this Assay before it becomes a test or a version: its languages run (400.30), its policy's model exists (400.31). */
export const checkDefinitionRuns = async (
  { store, languages, model }: Pick<AppContext, 'store' | 'languages' | 'model'>,
  orgId: number,
  definition: TestDefinition,
): Promise<void> => {
  unwrap(importableLanguages(languagesNeeded(definition), languages, await store.sandboxWorkers.liveLanguages()));
  unwrap(assistantAvailable(needsModel(defaultAiSettingsOf(definition), definition.sections), await orgModelAvailability(store, model, orgId)));
};
