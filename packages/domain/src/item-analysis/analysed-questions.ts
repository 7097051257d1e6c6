import type { QuestionRecord, SectionRecord } from '../records/test.js';
import type { QuestionDefinition } from '../schemas/test-definition.js';
import { questionsInReportOrder } from '../report/question-outcome.js';
import type { AnalysedQuestion } from './analyse-items.js';

/**
 * The test's questions as item analysis reads them, in the report's order and numbering. `versionOf` is the content
 * version the AI check records (a hash of the definition, computed by the caller: hashing is not the pure core's).
 * Tests never change once imported, so each question has one version today; rows are keyed by both (decision 1457).
 */
export const analysedQuestionsOf = (
  sections: readonly SectionRecord[],
  questions: readonly QuestionRecord[],
  versionOf: (definition: QuestionDefinition) => string,
): AnalysedQuestion[] => {
  const nameOf = new Map(sections.map((section) => [section.id, section.name]));
  return questionsInReportOrder(sections, questions).map(({ id, sectionId, definition }, index) => ({
    number: index + 1,
    questionId: id,
    version: versionOf(definition),
    type: definition.type,
    sectionName: nameOf.get(sectionId) ?? '',
    maxMarks: definition.marks,
    options:
      definition.type === 'single_choice' || definition.type === 'multiple_choice' ? definition.options.map(({ text, correct }) => ({ text, correct })) : null,
  }));
};
