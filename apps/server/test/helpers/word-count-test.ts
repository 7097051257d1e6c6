import { readFileSync } from 'node:fs';

/** An answer of the similarity corpus (packages/domain/test/fixtures/similarity/word-count/). */
export const wordCountAnswer = (name: string): string =>
  readFileSync(new URL(`../../../../packages/domain/test/fixtures/similarity/word-count/${name}`, import.meta.url), 'utf8');

/** One coding question the similarity corpus answers: the suites that compare candidates' code import it. */
export const wordCountTest = (testName: string) => ({
  testName,
  sections: [
    {
      sectionName: 'Code',
      sectionType: 'coding',
      duration: 30,
      questions: [
        {
          type: 'coding',
          text: 'Return the k most frequent words of `text`, ties alphabetical.',
          marks: 5,
          functionName: 'topWords',
          starterCode: 'function topWords(text, k) {\n  // your code\n}\n',
          hiddenTests: [{ args: ['b a b', 1], expected: ['b'] }],
        },
      ],
    },
  ],
});
