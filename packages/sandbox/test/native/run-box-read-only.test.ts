import { afterAll, expect, it } from 'vitest';
import { Sandbox } from '../../src/index.js';
import { TOP_SCORES_SIGNATURE } from '../languages/fixture.js';

/**
 * Disk fill (issue 49, point 4): the step that runs a candidate's program binds the run's directory read-only, so a
 * program that writes file after file reaches only its size-capped /tmp, never the host's disk (decision 806). Each
 * answer returns [1] when writing under /box failed and [0] when it succeeded; /tmp stays writable.
 */
const ANSWERS = {
  c: `#include <stdio.h>
#include <stdlib.h>
int *topScores(const int *scores, int scores_len, int k, int *out_len) {
    FILE *box = fopen("/box/fill", "w");
    FILE *tmp = fopen("/tmp/fill", "w");
    int *out = malloc(2 * sizeof(int));
    out[0] = box == NULL;
    out[1] = tmp != NULL;
    *out_len = 2;
    return out;
}
`,
  java: `import java.io.*;
class Solution {
    public static int[] topScores(int[] scores, int k) {
        int box = 0, tmp = 0;
        try { new FileOutputStream("/box/fill").close(); } catch (IOException e) { box = 1; }
        try { new FileOutputStream("/tmp/fill").close(); tmp = 1; } catch (IOException e) { }
        return new int[] { box, tmp };
    }
}
`,
  ruby: `def topScores(scores, k)
  box = begin; File.write('/box/fill', 'x'); 0; rescue SystemCallError; 1; end
  tmp = begin; File.write('/tmp/fill', 'x'); 1; rescue SystemCallError; 0; end
  [box, tmp]
end
`,
  go: `package main

import "os"

func topScores(scores []int, k int) []int {
	box, tmp := 0, 0
	if os.WriteFile("/box/fill", []byte("x"), 0o644) != nil {
		box = 1
	}
	if os.WriteFile("/tmp/fill", []byte("x"), 0o644) == nil {
		tmp = 1
	}
	return []int{box, tmp}
}
`,
} as const;

const sandbox = new Sandbox({ workers: 1, nativeWorkers: 1 });
afterAll(() => sandbox.close());

for (const [language, code] of Object.entries(ANSWERS)) {
  it(`${language}: the candidate's program cannot write the run's directory, only its /tmp`, { timeout: 120_000 }, async () => {
    expect(sandbox.languages()[language as keyof typeof ANSWERS].available).toBe(true);
    const outcome = await sandbox.run({
      language: language as keyof typeof ANSWERS,
      code,
      functionName: 'topScores',
      signature: TOP_SCORES_SIGNATURE,
      cases: [{ args: [[1, 2], 1], expected: [1, 1] }],
    });
    expect(outcome.results[0], JSON.stringify(outcome).slice(0, 600)).toMatchObject({ passed: true });
  });
}
