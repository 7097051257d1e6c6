import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { QuestionRecord, SectionRecord } from '../records/test.js';
import { ok, refuse, type Result } from '../result.js';
import type { QuestionDefinition } from '../schemas/test-definition.js';
import { readAttemptSeed, sectionsUnderChoice } from './variant-settings.js';

/** One question of an attempt's variant: which question, in which section, and its options in the order shown. */
export interface VariantQuestion {
  readonly questionId: number;
  readonly sectionId: number;
  /** The canonical option ids in the order the candidate sees them; null when the question has no options or keeps their order. */
  readonly optionOrder: readonly number[] | null;
}

/** What one candidate is asked: the drawn questions, section by section, in the order served (issue 34, item 5). */
export type AttemptVariant = readonly VariantQuestion[];

/** The largest seed: one the shell draws at the start fits a 32-bit signed column on both databases. */
export const MAX_VARIANT_SEED = 2 ** 31 - 2;

type PooledSection = Pick<SectionRecord, 'id' | 'pool'>;

const hasOptions = (definition: QuestionDefinition): definition is Extract<QuestionDefinition, { options: unknown }> =>
  definition.type === 'single_choice' || definition.type === 'multiple_choice';

/**
 * Fisher–Yates, stopped after `count` places: the first `count` entries are a uniformly random ordered sample of
 * `items` (all of them when `count` is their length: a uniform shuffle).
 */
const sampleInOrder = <T>(items: readonly T[], count: number, next: (from: number, to: number) => number): T[] => {
  const pool = [...items];
  for (let place = 0; place < count; place += 1) {
    const pick = next(place, pool.length - 1);
    [pool[place], pool[pick]] = [pool[pick] as T, pool[place] as T];
  }
  return pool.slice(0, count);
};

/**
 * The variant of an attempt, a pure function of the test's sections and questions (which never change once imported)
 * and the seed stored with the attempt: the same seed gives the same questions, order and option orders on every
 * request, process and database (decision 572). Per section, in the test's order: a pool (`draw`) samples N of its
 * questions uniformly; `shuffleQuestions` orders them at random, otherwise they keep the authored order;
 * `shuffleOptions` orders each choice question's options at random. A section without a pool setting is asked as
 * authored and draws nothing from the generator. Without a seed (an attempt not started) a pool's first N questions
 * stand in, unshuffled: only their count is ever shown then. A seed that carries the test settings' shuffle choice
 * (`attemptSeedOf`) orders every section by that choice instead of its flags (decision 959).
 */
export const attemptVariant = (authored: readonly PooledSection[], questions: readonly QuestionRecord[], seed: number | null | undefined): AttemptVariant => {
  const read = seed === null || seed === undefined ? undefined : readAttemptSeed(seed);
  const sections = sectionsUnderChoice(authored, read?.choice ?? null);
  const rng = read && xoroshiro128plus(read.generator);
  const next = rng && ((from: number, to: number) => uniformInt(rng, from, to));
  return sections.flatMap((section) => {
    const inSection = questions.filter((question) => question.sectionId === section.id);
    const pool = section.pool;
    const asked = Math.min(pool?.draw ?? inSection.length, inSection.length);
    const authored = (question: QuestionRecord): VariantQuestion => ({ questionId: question.id, sectionId: section.id, optionOrder: null });
    if (!next || !pool) return inSection.slice(0, asked).map(authored);
    const drawn = pool.draw === null && !pool.shuffleQuestions ? inSection : sampleInOrder(inSection, asked, next);
    const ordered = pool.shuffleQuestions ? drawn : [...drawn].sort((a, b) => inSection.indexOf(a) - inSection.indexOf(b));
    return ordered.map((question) => {
      const { definition } = question;
      if (!pool.shuffleOptions || !hasOptions(definition)) return authored(question);
      const ids = definition.options.map((_, optionId) => optionId);
      return { ...authored(question), optionOrder: sampleInOrder(ids, ids.length, next) };
    });
  });
};

/** The variant's questions in the order served (a question the test no longer has is skipped: tests never change). */
export const questionsOfVariant = (variant: AttemptVariant, questions: readonly QuestionRecord[]): QuestionRecord[] => {
  const byId = new Map(questions.map((question) => [question.id, question]));
  return variant.flatMap(({ questionId }) => {
    const question = byId.get(questionId);
    return question ? [question] : [];
  });
};

/** Whether the attempt was asked the question: only those take answers, sample runs and marks. */
export const isInVariant = (variant: AttemptVariant, questionId: number): boolean => variant.some((question) => question.questionId === questionId);

/** Whether the test asks every candidate the same questions in the same order (no pool setting on any section). */
export const isFixedTest = (sections: readonly PooledSection[]): boolean => sections.every((section) => section.pool === undefined);

/** Whether this attempt was asked the test as authored: a fixed test whose seed carries no shuffle (decision 959). */
export const isFixedAttempt = (sections: readonly PooledSection[], seed: number | null | undefined): boolean => {
  const choice = seed === null || seed === undefined ? null : readAttemptSeed(seed).choice;
  return choice === null
    ? isFixedTest(sections)
    : sectionsUnderChoice(sections, choice).every(({ pool }) => !pool?.draw && !pool?.shuffleQuestions && !pool?.shuffleOptions);
};

/**
 * The question `questionId` as the attempt was asked it: for answers, sample runs and question signals. A question of
 * the pool that was not drawn is refused exactly like one that does not exist (404.8, one message): a different answer
 * would tell a candidate which questions the pool holds beyond their own draw (decision 643).
 */
export const askedQuestion = (
  sections: readonly PooledSection[],
  questions: readonly QuestionRecord[],
  seed: number | null | undefined,
  questionId: number,
): Result<QuestionRecord> => {
  const question = questions.find((candidate) => candidate.id === questionId);
  if (question && (isFixedTest(sections) || isInVariant(attemptVariant(sections, questions, seed), questionId))) return ok(question);
  return refuse('question-not-found', `Question ${questionId} is not one of the questions of your test.`);
};

/**
 * The most an attempt's variant is worth, overall and by section: what a candidate of a pool is scored out of
 * (decision 576). For a test without pools, every question's marks.
 */
export const variantMaxScores = (
  sections: readonly PooledSection[],
  questions: readonly QuestionRecord[],
  seed: number | null | undefined,
): { total: number; bySection: ReadonlyMap<number, number> } => {
  const bySection = new Map<number, number>(sections.map((section) => [section.id, 0]));
  let total = 0;
  for (const question of questionsOfVariant(attemptVariant(sections, questions, seed), questions)) {
    bySection.set(question.sectionId, (bySection.get(question.sectionId) ?? 0) + question.definition.marks);
    total += question.definition.marks;
  }
  return { total, bySection };
};
