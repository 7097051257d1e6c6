import type { TestDefinitionInput } from '@assay/client';
import type { SampleRun } from '@assay/domain';
import type { BrowserHarness } from './browser-harness.js';

/** A test whose JavaScript answer holds a sample-run worker for about five seconds (five cases of an endless loop). */
export const BLOCKING_TEST = {
  testName: 'Blocker',
  sections: [
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 30,
      questions: [
        {
          type: 'coding',
          text: 'Spin.',
          marks: 1,
          languages: ['javascript'],
          functionName: 'spin',
          sampleTests: Array.from({ length: 5 }, () => ({ args: [], expected: 1 })),
          hiddenTests: [{ args: [], expected: 1 }],
        },
      ],
    },
  ],
} as TestDefinitionInput;

/**
 * Another candidate (`email`) of the blocking test starts a run that spins: it takes a worker for a few seconds, or
 * waits for one. Answers their candidate API and the run as the server first answered it.
 */
export const startBlocker = async (b: BrowserHarness, blockerTestId: number, email: string) => {
  const { takeTestURL } = await b.client.invitations.register(blockerTestId, { emailId: email, fullName: 'Busy Bee' });
  const other = b.client.candidate(new URL(takeTestURL).pathname.split('/').at(-1)!);
  const [spin] = await b.questionIds(blockerTestId);
  await other.start();
  const run: SampleRun = await other.runs.start({ questionId: spin!, code: 'function spin() { for (;;) {} }' });
  return { other, run };
};
