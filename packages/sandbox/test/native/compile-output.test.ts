import { afterAll, describe, expect, it, vi } from 'vitest';
import { Sandbox } from '../../src/index.js';
import { MAX_COMPILE_OUTPUT_CHARS, MAX_DIAGNOSTIC_CHARS } from '../../src/native/compile-output.js';
import { ByteReader } from '../../src/native/harness/jvm-byte-reader.js';
import { TOP_SCORES_CASES, TOP_SCORES_SIGNATURE } from '../languages/fixture.js';

/**
 * Issue 59, 10(b): a 1 KB source can make a compiler write half a megabyte (a type whose name doubles with each `var`,
 * named in every message). The answer was read through a reader that joined its whole buffer on every chunk
 * (quadratic) and handed to the candidate uncut. Now it is read linearly and cut like the C family's (decision 1046).
 */
const doublingTypes = (language: 'java' | 'csharp'): string => {
  const steps = Array.from({ length: 14 }, (_, i) => `        var x${i + 1} = x${i}.${language === 'java' ? 'next' : 'Next'}();`).join('\n');
  return language === 'java'
    ? `import java.util.*;\nclass D<T> { D<Map.Entry<T, T>> next() { return null; } }\nclass Solution {\n    public static int[] topScores(int[] scores, int k) {\n        var x0 = new D<Integer>();\n${steps}\n        int a = x14; int b = x14; return scores;\n    }\n}\n`
    : `using System;\nclass D<T> { public D<Tuple<T, T>> Next() { return null; } }\npublic class Solution {\n    public static int[] topScores(int[] scores, int k) {\n        var x0 = new D<int>();\n${steps}\n        int a = x14; int b = x14; return scores;\n    }\n}\n`;
};

const sandbox = new Sandbox({ workers: 1, nativeWorkers: 2, languages: ['java', 'csharp'] });
afterAll(() => sandbox.close());

describe("a compiler's messages are read linearly and cut (decision 1046)", () => {
  it('the reader copies each byte about once, however the answer is cut into chunks', async () => {
    const concat = vi.spyOn(Buffer, 'concat');
    const reader = new ByteReader();
    const block = Buffer.alloc(600 * 1024, 'x');
    const answer = Buffer.concat([Buffer.from(`${block.length}\n`), block, Buffer.from('ok\n')]);
    concat.mockClear();
    const read = reader.block();
    for (let at = 0; at < answer.length; at += 64) reader.push(answer.subarray(at, at + 64));
    expect((await read).length).toBe(block.length);
    expect(await reader.line()).toBe('ok');
    const copied = concat.mock.results.reduce((sum, result) => sum + (result.value as Buffer).length, 0);
    concat.mockRestore();
    expect(copied).toBeLessThan(2 * answer.length);
  });

  for (const language of ['csharp', 'java'] as const) {
    it(`${language}: a source under 1 KB whose messages run to half a megabyte answers a compile error cut to size`, { timeout: 180_000 }, async () => {
      const code = doublingTypes(language);
      expect(code.length).toBeLessThan(1024);
      const outcome = await sandbox.run({ language, code, functionName: 'topScores', signature: TOP_SCORES_SIGNATURE, cases: TOP_SCORES_CASES });
      expect(outcome.fault).toBeUndefined();
      expect(outcome.compileOutput).toMatch(/^Solution\.(java|cs):20:/);
      expect(outcome.compileOutput?.length).toBeLessThanOrEqual(MAX_COMPILE_OUTPUT_CHARS + 100);
      for (const result of outcome.results) {
        expect(result.error).toMatch(/^Compile error: (incompatible types|Cannot implicitly convert type)/);
        expect(result.error?.length).toBeLessThanOrEqual(MAX_DIAGNOSTIC_CHARS + 100);
      }
    });
  }
});
