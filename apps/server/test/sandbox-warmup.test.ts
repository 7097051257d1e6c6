import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunLane } from '@assay/sandbox';
import { candidate, registerFor } from './helpers/candidate.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const codingTest = (name: string, languages: string[]) => ({
  testName: name,
  sections: [
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 30,
      questions: [{ type: 'coding', text: 'Return one.', marks: 1, languages, functionName: 'one', hiddenTests: [{ args: [], expected: 1 }] }],
    },
  ],
});

describe.each(backends)('Python warms up when an attempt that needs it starts, on %s', (backend) => {
  let h: Harness;
  const warmed: RunLane[] = [];

  beforeAll(async () => {
    // The default: nothing is warm with the process; the route asks the runner when an attempt starts.
    h = await startHarness(backend, { ASSAY_SANDBOX_PREWARM: 'on-demand' }, undefined, (app: FastifyInstance) => {
      app.assay.runner.warmUp = (lane) => warmed.push(lane);
    });
  });
  afterAll(() => h.close());

  it('asks for warm candidate workers when the started test has a Python question, and not otherwise', async () => {
    const javascriptOnly = await h.importTest(codingTest('JavaScript only', ['javascript']));
    await candidate(h, (await registerFor(h, javascriptOnly, 'js@example.com')).token).client.start();
    expect(warmed).toEqual([]);

    const withPython = await h.importTest(codingTest('Python too', ['javascript', 'python']));
    await candidate(h, (await registerFor(h, withPython, 'py@example.com')).token).client.start();
    expect(warmed).toEqual(['candidate']);
  });
});
