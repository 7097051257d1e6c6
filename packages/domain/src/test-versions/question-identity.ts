import type { QuestionRecord } from '../records/test.js';
import type { QuestionDefinition } from '../schemas/test-definition.js';
import { exposureIdentityOf } from './exposure-cap.js';

/**
 * A question's identity across its test's versions, as its exposures are counted (decision 1497): its key (decision
 * 1486), or, without one, its whole definition: an unkeyed question is the same question only while nothing changes.
 */
export const questionIdentityOf = (definition: QuestionDefinition): string => exposureIdentityOf(definition, (question) => JSON.stringify(question));

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
