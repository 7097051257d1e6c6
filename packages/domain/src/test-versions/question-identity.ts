import type { QuestionRecord } from '../records/test.js';
import type { QuestionDefinition } from '../schemas/test-definition.js';

/**
 * A question's identity across its test's versions: its key (decision 1486), or, without one, its whole definition
 * (decision 1457): an unkeyed question is the same question only while nothing of it changes.
 */
export const questionIdentityOf = (definition: QuestionDefinition): string =>
  definition.key === undefined ? `content:${JSON.stringify(definition)}` : `key:${definition.key}`;

/**
 * The questions of every version that the current version still asks, each mapped to the current question's id (the
 * current ones to themselves): what lines up attempts taken on different versions question by question.
 */
export const currentQuestionIdsOf = (everyVersion: readonly QuestionRecord[], current: readonly QuestionRecord[]): ReadonlyMap<number, number> => {
  const currentOf = new Map(current.map((question) => [questionIdentityOf(question.definition), question.id]));
  return new Map(
    everyVersion.flatMap((question) => {
      const id = currentOf.get(questionIdentityOf(question.definition));
      return id === undefined ? [] : [[question.id, id] as const];
    }),
  );
};
