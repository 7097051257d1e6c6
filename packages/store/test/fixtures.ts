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

/** Starter code of `twoLanguageCodingQuestion` in Python: an answer that is only this (spaces aside) is no answer. */
export const PYTHON_STARTER = 'def solve(x):\n    pass\n';

/** A coding question (10 marks) answered in Python (first) or JavaScript, with a starter code in each. */
export const twoLanguageCodingQuestion = {
  type: 'coding',
  text: 'Solve it',
  marks: 10,
  languages: ['python', 'javascript'],
  functionName: 'solve',
  starterCode: { python: PYTHON_STARTER, javascript: 'function solve(x) {\n}\n' },
  hiddenTests: [{ args: [1], expected: 1 }],
} as const;
