import { caseExpectedOf, caseInputsOf } from '../schemas/coding-cases.js';
import type { CodingQuestion } from '../schemas/coding-question.js';
import type { CandidateCodingQuestion } from './candidate-api-questions.js';

/** What a candidate sees of a coding question's form: the function to write (and its signature), or the SQL schema. */
export const candidateFormFields = (question: CodingQuestion): Pick<CandidateCodingQuestion, 'form' | 'functionName' | 'signature' | 'sql' | 'sampleTests'> => {
  const sampleTests = question.sampleTests.map((sample) => ({ args: caseInputsOf(sample), expected: caseExpectedOf(sample) }));
  switch (question.form) {
    case undefined:
    case 'function':
      return {
        form: 'function',
        functionName: question.functionName,
        ...(question.signature === undefined ? {} : { signature: question.signature }),
        sampleTests,
      };
    case 'stdio':
      return { form: 'stdio', functionName: '', sampleTests };
    case 'sql':
      return { form: 'sql', functionName: '', sql: question.sql, sampleTests };
  }
};
