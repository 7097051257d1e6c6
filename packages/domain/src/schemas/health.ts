import { z } from 'zod';
import { LanguageId } from '../languages/language-id.js';
import type { LanguageAvailabilities } from '../languages/availability.js';
import { ReadinessEmail } from './readiness-email.js';

/** `GET /healthz` and `GET /readyz` when all is well (readiness failures are the 503.1 envelope). */
export const ServiceHealth = z.object({ status: z.literal('ok') });
export type ServiceHealth = z.infer<typeof ServiceHealth>;

/**
 * `GET /readyz`'s languages (issue 49): what this server runs, what it does not with why and how to enable it, and the
 * languages scoring jobs wait for because no live process runs them.
 */
export const ReadinessLanguages = z.object({
  runs: z.array(LanguageId),
  unavailable: z.array(z.object({ language: LanguageId, reason: z.string(), remedy: z.string() })),
  waiting: z.array(LanguageId).meta({ description: 'Languages of pending scoring jobs that no live process runs: those jobs wait until one starts.' }),
  warming: z.array(LanguageId).meta({
    description: 'Native languages whose compilers this server is still preparing since it started (a run of one meanwhile waits for it; decision 1045).',
  }),
});
export type ReadinessLanguages = z.infer<typeof ReadinessLanguages>;

/**
 * `GET /readyz`'s model (issue 60, decision 1171): configured or not, and whether it answered when last asked (at most
 * every 15 seconds). A model that does not answer never makes the server unready: it is said here.
 */
export const ReadinessAi = z.object({
  configured: z.boolean(),
  model: z.string().nullable(),
  answers: z.boolean().nullable().meta({ description: 'Whether the model answered when last asked; null when not configured or not asked yet.' }),
  checkedAt: z.string().nullable(),
  problem: z.string().nullable().meta({ description: 'Why it does not answer, in words without the key.' }),
});
export type ReadinessAi = z.infer<typeof ReadinessAi>;

/** `GET /readyz` when the database answers and takes writes; `email` where an outbox worker runs in the process. */
export const ServiceReadiness = ServiceHealth.extend({ languages: ReadinessLanguages, ai: ReadinessAi.optional(), email: ReadinessEmail.optional() });
export type ServiceReadiness = z.infer<typeof ServiceReadiness>;

/** The readiness languages of a process from its sandbox's report, the waiting scoring jobs and the compilers warming. */
export const readinessLanguages = (
  availability: LanguageAvailabilities,
  waiting: readonly LanguageId[],
  warming: readonly LanguageId[] = [],
): ReadinessLanguages => ({
  runs: LanguageId.options.filter((language) => availability[language].available),
  unavailable: LanguageId.options.flatMap((language) => {
    const entry = availability[language];
    return entry.available ? [] : [{ language, reason: entry.reason, remedy: entry.remedy }];
  }),
  waiting: [...waiting],
  warming: LanguageId.options.filter((language) => warming.includes(language)),
});
