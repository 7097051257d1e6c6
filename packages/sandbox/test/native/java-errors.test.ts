import { afterAll, describe, expect, it } from 'vitest';
import { javaLanguage } from '../../src/native/languages/java.js';
import { TOP_SCORES_SIGNATURE } from '../languages/fixture.js';
import { jvmTestContext } from './jvm-context.js';

const context = jvmTestContext();
afterAll(async () => {
  await javaLanguage.close?.();
  await context.dispose();
});

const THREAD_CODE = `class Solution {
    public static int[] topScores(int[] scores, int k) {
        new Thread(() -> {
            try { Thread.sleep(600_000); } catch (InterruptedException e) { }
        }).start();
        return scores;
    }
}
`;

const CODE = `import java.util.*;

class Solution {
    static int deep(int n) {
        return deep(n + 1) + 1;
    }

    public static int[] topScores(int[] scores, int k) {
        System.out.println("out " + k);
        System.err.println("err " + k);
        if (k == 1) return new int[] { deep(0) };
        if (k == 2) return new int[(int) new long[1 << 30].length];
        return Arrays.copyOf(scores, k);
    }
}
`;

describe('java: runtime errors per case', () => {
  it('a stack overflow and an out-of-memory are caught in their case, with the candidate’s line; the next case runs; each case’s printing is its own', {
    timeout: 60_000,
  }, async () => {
    const result = await javaLanguage.execute(
      { form: 'function', code: CODE, functionName: 'topScores', signature: TOP_SCORES_SIGNATURE, argsJson: ['[[1], 1]', '[[1, 2], 2]', '[[3, 4, 5], 3]'] },
      context,
    );
    expect(result.kind).toBe('ran');
    if (result.kind !== 'ran') return;
    const [overflow, memory, fine] = result.cases;
    expect(overflow?.report).toMatchObject({ kind: 'error', message: 'StackOverflowError', position: { line: 5 } });
    expect(overflow?.report.kind === 'error' && overflow.report.trace).toMatch(/^at Solution\.deep\(Solution\.java:5\)\n/);
    expect(memory?.report).toMatchObject({ kind: 'error', message: 'OutOfMemoryError: Java heap space', position: { line: 12 } });
    expect(fine?.report).toEqual({ kind: 'value', json: '[3,4,5]' });
    expect(result.cases.map((c) => c.log)).toEqual(['out 1\nerr 1\n', 'out 2\nerr 2\n', 'out 3\nerr 3\n']);
  });

  it('a thread the candidate leaves running does not hold the run open until its wall clock', { timeout: 60_000 }, async () => {
    const started = performance.now();
    const result = await javaLanguage.execute(
      { form: 'function', code: THREAD_CODE, functionName: 'topScores', signature: TOP_SCORES_SIGNATURE, argsJson: ['[[1, 2], 2]'] },
      context,
    );
    expect(result.kind === 'ran' && result.cases.map((c) => c.report)).toEqual([{ kind: 'value', json: '[1,2]' }]);
    // The run's wall limit is 20 s (jvm-context.ts): ending well before it shows the harness ended the process.
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});
