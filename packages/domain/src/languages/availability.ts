import { z } from 'zod';
import { ok, refuse, type Result } from '../result.js';
import { LanguageId } from './language-id.js';
import { languageName } from './registry.js';

/**
 * Whether a process can run a language now, and if not why and how to enable it: what a sandbox reports for each
 * language (its toolchain found and its jail working, or not), shown in the start banner and `/readyz`.
 */
export const LanguageAvailability = z.discriminatedUnion('available', [
  z.object({ available: z.literal(true) }),
  z.object({
    available: z.literal(false),
    /** Why not: "javac not found", "user namespaces are disabled on this host", "not in ASSAY_LANGUAGES". */
    reason: z.string(),
    /** What an operator does about it: the exact `apt-get install …` line, a setting to change. */
    remedy: z.string(),
  }),
]);
export type LanguageAvailability = z.infer<typeof LanguageAvailability>;
export type LanguageAvailabilities = Readonly<Record<LanguageId, LanguageAvailability>>;

/** The languages a test needs: every language any of its coding questions accepts, in the registry's order. */
export const languagesNeeded = (definition: {
  readonly sections: readonly { readonly questions: readonly ({ readonly type: string } & { readonly languages?: readonly LanguageId[] })[] }[];
}): LanguageId[] => {
  const needed = new Set(definition.sections.flatMap((section) => section.questions.flatMap((question) => question.languages ?? [])));
  return LanguageId.options.filter((language) => needed.has(language));
};

/**
 * A test may be imported when every language it needs can run somewhere: in this process (`here`) or in a live worker
 * that declared it (`elsewhere`). Otherwise 400.30 names each language with why it cannot run and the remedy, so the
 * author learns it at import, not when the first candidate's answer cannot be scored.
 */
export const importableLanguages = (needed: readonly LanguageId[], here: LanguageAvailabilities, elsewhere: ReadonlySet<LanguageId>): Result<void> => {
  const missing = needed.filter((language) => !here[language].available && !elsewhere.has(language));
  if (missing.length === 0) return ok(undefined);
  const details = missing.map((language) => {
    const availability = here[language];
    const why = availability.available ? '' : `: ${availability.reason} (${availability.remedy})`;
    return `${languageName(language)}${why}`;
  });
  return refuse(
    'language-unavailable',
    `The test accepts ${missing.map(languageName).join(', ')}, which no process of this Assay can run: ${details.join('; ')}. Enable the language, start an assay-worker that runs it, or leave it out of the question's languages.`,
  );
};

/**
 * A candidate's run in a language this server cannot run now: refused (409.5) in words for the candidate, never a 5xx;
 * their code is saved and scoring runs it where it can.
 */
export const runnableHere = (language: LanguageId, here: LanguageAvailabilities): Result<void> =>
  here[language].available
    ? ok(undefined)
    : refuse(
        'language-not-runnable',
        `${languageName(language)} code cannot be run on this server right now, so its tests cannot run here. Your answer is still saved and will be scored; you may also answer in another language of the question.`,
      );
