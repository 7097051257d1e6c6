import { TestDefinition } from '@assay/domain';

/** The smallest test worth storing: one section, one single-choice question of 4 marks. */
export const oneQuestionTest = (testName: string) =>
  TestDefinition.parse({
    testName,
    sections: [
      {
        sectionName: 'Only',
        sectionType: 'general',
        duration: 10,
        questions: [{ type: 'single_choice', text: 'Pick one', marks: 4, options: [{ text: 'a', correct: true }, { text: 'b' }] }],
      },
    ],
  });
