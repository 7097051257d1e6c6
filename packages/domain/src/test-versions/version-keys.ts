import { refuse, ok, type Result } from '../result.js';
import type { QuestionDefinition, TestDefinition } from '../schemas/test-definition.js';

/**
 * What a question asks and accepts, without the words of its stem and the skills it counts under: everything a
 * candidate's answer is marked against (options, answers, hidden tests, marks). A stem's typo fixed keeps a question's
 * identity; anything here changed is another question (issue 62 item 4, the `reimplements` rule of
 * exercism/problem-specifications; decision 1486).
 */
export const questionMeaningOf = (question: QuestionDefinition): string => {
  const { text: _text, skills: _skills, key: _key, reimplements: _reimplements, ...meaning } = question;
  // A coding question's reference and wrong solutions check its tests; they are not what the candidate is marked on.
  const {
    referenceSolutions: _references,
    wrongSolutions: _wrong,
    ...marked
  } = meaning as typeof meaning & { referenceSolutions?: unknown; wrongSolutions?: unknown };
  return JSON.stringify(marked);
};

const questionsOf = (definition: Pick<TestDefinition, 'sections'>): readonly QuestionDefinition[] =>
  definition.sections.flatMap((section) => section.questions);

/**
 * A new version's question keys against the current version's (decision 1486): a question that keeps its key keeps
 * its meaning, and one that `reimplements` another names a key the current version has and this one no longer does.
 * Questions without keys are free: their identity is their content (decision 1457).
 */
export const checkVersionKeys = (current: Pick<TestDefinition, 'sections'>, next: Pick<TestDefinition, 'sections'>): Result<true> => {
  const before = new Map(questionsOf(current).flatMap((question) => (question.key === undefined ? [] : [[question.key, question] as const])));
  const after = questionsOf(next);
  const kept = new Set(after.flatMap((question) => (question.key === undefined ? [] : [question.key])));
  for (const question of after) {
    const previous = question.key === undefined ? undefined : before.get(question.key);
    if (previous && questionMeaningOf(previous) !== questionMeaningOf(question))
      return refuse(
        'test-version-keys-not-valid',
        `Question ${question.key} changes what it asks or accepts (its options, answers, tests or marks) but keeps its key: give it a new key with reimplements: ${question.key}, so its statistics start again.`,
      );
    const replaced = question.reimplements;
    if (replaced === undefined) continue;
    if (!before.has(replaced))
      return refuse(
        'test-version-keys-not-valid',
        `Question ${question.key ?? '(without a key)'} reimplements ${replaced}, which the current version has no question keyed.`,
      );
    if (kept.has(replaced))
      return refuse(
        'test-version-keys-not-valid',
        `Question ${question.key ?? '(without a key)'} reimplements ${replaced}, which this version still has: drop the question it replaces.`,
      );
  }
  return ok(true);
};
