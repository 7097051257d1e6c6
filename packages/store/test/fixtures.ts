import { TestDefinition } from '@assay/domain';
import { openScratchStore, type Store } from '../src/index.js';

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

/**
 * A scratch store on `backend` with one org and `definition` imported as its test (at `at`, under `key`), and the
 * test's question ids in order: where a test of one test's attempts starts.
 */
export const scratchOrgWithTest = async (backend: 'sqlite' | 'postgres', pgUrl: string, definition: TestDefinition, key: string, at: number) => {
  const { store, dispose } = await openScratchStore(backend, pgUrl);
  const orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, at)).id;
  const testId = (await store.tests.importDefinition(orgId, definition, key, at)).testId;
  const questionIds = (await store.attempts.questions(testId)).map((question) => question.id);
  return { store, dispose, orgId, testId, questionIds };
};

/** A candidate at `email` registered for the test through the API's way, with `token` as the invitation's; its invitation. */
export const registeredAt = async (store: Store, orgId: number, testId: number, email: string, token: string, at: number) =>
  (
    await store.invitations.register(
      { orgId, testId, testLinkId: null, emailKey: email, email, fullName: 'C', callbackUrl: null, redirectUrl: null },
      () => token,
      at,
    )
  ).invitation;
