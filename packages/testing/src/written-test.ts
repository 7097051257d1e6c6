// One definition of a small written test, shared by the server's and the cli's tests of grading (issue 32).

/** A test with a choice (1 mark), a short answer reviewed when unmatched (2) and an essay with a rubric (5). */
export const writtenTest = {
  testName: 'Written answers',
  sections: [
    {
      sectionName: 'Written',
      sectionType: 'general',
      duration: 20,
      questions: [
        { type: 'single_choice', text: 'Pick b', marks: 1, options: [{ text: 'a' }, { text: 'b', correct: true }] },
        { type: 'short_answer', text: 'Capital of France?', marks: 2, acceptedAnswers: [{ answer: 'Paris' }], reviewUnmatched: true },
        {
          type: 'free_text',
          text: 'Explain your approach.',
          marks: 5,
          rubric: [
            { criterion: 'Correctness', marks: 3 },
            { criterion: 'Clarity', marks: 2 },
          ],
        },
      ],
    },
  ],
};
