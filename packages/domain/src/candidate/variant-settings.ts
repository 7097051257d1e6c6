import type { SectionRecord } from '../records/test.js';
import type { TestSettings } from '../test-settings/test-settings.js';

/** The test settings' `randomQuestions` / `randomAnswers` as an attempt fixed them at its start. */
export interface ShuffleChoice {
  readonly questions: boolean;
  readonly options: boolean;
}

/** Seeds drawn before the settings acted are 0…2^31−2; a settings-bound seed is negative, so the two never meet. */
const DRAWN_SEEDS = 2 ** 29;
const QUESTIONS_BIT = 1;
const OPTIONS_BIT = 2;

/**
 * The seed an attempt starts with (decision 959). Without stored settings it is the drawn seed: the sections' own
 * shuffle flags act, as before settings existed. With them, the choice is folded into the seed itself,
 * `-(1 + drawn·4 + flags)`, which fits the 32-bit column on both databases: every place that already reads the seed
 * (the page, scoring, reports, lists, workbooks) then gets the same order without a second column to carry, and a
 * settings change mid-attempt cannot reorder what the candidate was shown.
 */
export const attemptSeedOf = (drawn: number, settings: Pick<TestSettings, 'questionSettings'> | null): number => {
  if (settings === null) return drawn;
  const { randomQuestions, randomAnswers } = settings.questionSettings;
  const flags = (randomQuestions ? QUESTIONS_BIT : 0) | (randomAnswers ? OPTIONS_BIT : 0);
  return -(1 + (Math.abs(drawn) % DRAWN_SEEDS) * 4 + flags);
};

/** What a stored seed says: the generator's seed, and the shuffle choice fixed at the start (null: the sections decide). */
export const readAttemptSeed = (seed: number): { readonly generator: number; readonly choice: ShuffleChoice | null } => {
  if (seed >= 0) return { generator: seed, choice: null };
  const folded = -seed - 1;
  const flags = folded % 4;
  return { generator: Math.floor(folded / 4), choice: { questions: (flags & QUESTIONS_BIT) !== 0, options: (flags & OPTIONS_BIT) !== 0 } };
};

type PooledSection = Pick<SectionRecord, 'id' | 'pool'>;

/**
 * The sections as the attempt asks them: the settings' choice overrides every section's flags (on: shuffled with the
 * attempt's seed; off: the definition's order). A pool's draw is the definition's and stays: the settings order
 * questions, they never change which or how many a candidate is asked.
 */
export const sectionsUnderChoice = <S extends PooledSection>(sections: readonly S[], choice: ShuffleChoice | null): readonly S[] =>
  choice === null
    ? sections
    : sections.map((section) => ({
        ...section,
        pool: { draw: section.pool?.draw ?? null, shuffleQuestions: choice.questions, shuffleOptions: choice.options },
      }));
