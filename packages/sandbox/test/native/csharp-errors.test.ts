import { afterAll, describe, expect, it } from 'vitest';
import { csharpLanguage } from '../../src/native/languages/csharp.js';
import { TOP_SCORES_SIGNATURE } from '../languages/fixture.js';
import { jvmTestContext } from './jvm-context.js';

const context = jvmTestContext();
afterAll(async () => {
  await csharpLanguage.close?.();
  await context.dispose();
});

const THREAD_CODE = `public class Solution
{
    public static int[] topScores(int[] scores, int k)
    {
        new System.Threading.Thread(() => System.Threading.Thread.Sleep(600000)).Start();
        return scores;
    }
}
`;

const CODE = `using System;
using System.Linq;

public class Solution
{
    static int Deep(int n)
    {
        return Deep(n + 1) + 1;
    }

    public static int[] topScores(int[] scores, int k)
    {
        Console.WriteLine("out " + k);
        Console.Error.WriteLine("err " + k);
        if (k == 1) return new int[] { Deep(0) };
        if (k == 2) return new int[new long[1 << 30].Length];
        return scores.Take(k).ToArray();
    }
}
`;

describe('csharp: runtime errors per case', () => {
  it('a stack overflow and an out-of-memory are caught in their case, with the candidate’s line; the next case runs; each case’s printing is its own', {
    timeout: 60_000,
  }, async () => {
    const result = await csharpLanguage.execute(
      { form: 'function', code: CODE, functionName: 'topScores', signature: TOP_SCORES_SIGNATURE, argsJson: ['[[1], 1]', '[[1, 2], 2]', '[[3, 4, 5], 3]'] },
      context,
    );
    expect(result.kind).toBe('ran');
    if (result.kind !== 'ran') return;
    const [overflow, memory, fine] = result.cases;
    expect(overflow?.report).toMatchObject({ kind: 'error', message: expect.stringMatching(/^StackOverflowException/), position: { line: 8 } });
    expect(overflow?.report.kind === 'error' && overflow.report.trace).toMatch(/^at Solution\.Deep\(Solution\.cs:8\)\n/);
    expect(memory?.report).toMatchObject({ kind: 'error', message: expect.stringMatching(/^OutOfMemoryException/), position: { line: 16 } });
    expect(fine?.report).toEqual({ kind: 'value', json: '[3,4,5]' });
    expect(result.cases.map((c) => c.log)).toEqual(['out 1\nerr 1\n', 'out 2\nerr 2\n', 'out 3\nerr 3\n']);
  });

  it('a thread the candidate leaves running does not hold the run open until its wall clock', { timeout: 60_000 }, async () => {
    const started = performance.now();
    const result = await csharpLanguage.execute(
      { form: 'function', code: THREAD_CODE, functionName: 'topScores', signature: TOP_SCORES_SIGNATURE, argsJson: ['[[1, 2], 2]'] },
      context,
    );
    expect(result.kind === 'ran' && result.cases.map((c) => c.report)).toEqual([{ kind: 'value', json: '[1,2]' }]);
    // The run's wall limit is 20 s (jvm-context.ts): ending well before it shows the harness ended the process.
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});
