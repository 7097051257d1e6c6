import type { z } from 'zod';
import type { TestDefinition } from '@assay/domain';

/** A small test with a General and a Coding section: 3 questions, 10 marks in all. */
export const sampleDefinition: z.input<typeof TestDefinition> = {
  testName: 'Backend screening',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Fundamentals',
      sectionType: 'general',
      duration: 20,
      questions: [
        {
          type: 'single_choice',
          text: 'Which HTTP status means "not found"?',
          marks: 2,
          negativeMarks: 1,
          options: [
            { text: '200', correct: false },
            { text: '404', correct: true },
            { text: '500', correct: false },
          ],
        },
        {
          type: 'multiple_choice',
          text: 'Which are idempotent HTTP methods?',
          marks: 3,
          options: [
            { text: 'GET', correct: true },
            { text: 'PUT', correct: true },
            { text: 'POST', correct: false },
          ],
        },
      ],
    },
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 40,
      questions: [
        {
          type: 'coding',
          text: 'Return the sum of an array of numbers.',
          marks: 5,
          functionName: 'sum',
          starterCode: 'function sum(numbers) {\n  // your code\n}\n',
          sampleTests: [{ args: [[1, 2]], expected: 3 }],
          hiddenTests: [
            { args: [[]], expected: 0 },
            { args: [[5, -5, 10]], expected: 10 },
          ],
        },
      ],
    },
  ],
};
