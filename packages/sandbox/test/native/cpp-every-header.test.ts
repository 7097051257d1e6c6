import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPP_COMPILER, CPP_EVERY_HEADER, CPP_FLAGS, CPP_RUNTIME, includesEveryHeader } from '../../src/native/harness/c-family-cache.js';
import type { JailResult } from '../../src/native/jail-spec.js';
import { cppLanguage } from '../../src/native/languages/cpp.js';
import type { NativeContext } from '../../src/native/native-language.js';
import { TOP_SCORES_CASES, TOP_SCORES_SIGNATURE, TOP_SCORES_STDIO_CASES } from '../languages/fixture.js';
import { testContext, type TestContext } from './c-family-context.js';

/** How competitive programmers start: every standard header at once, then `using namespace std`. */
const EVERY_HEADER_ANSWER = `#include <bits/stdc++.h>
using namespace std;

vector<int> topScores(vector<int> scores, int k) {
    sort(scores.begin(), scores.end(), greater<int>());
    scores.resize(min<size_t>(k, scores.size()));
    return scores;
}
`;

const EVERY_HEADER_STDIO = `#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, k;
    cin >> n >> k;
    vector<int> v(n);
    for (auto &x : v) cin >> x;
    sort(v.rbegin(), v.rend());
    for (int i = 0; i < k; i++) cout << v[i] << (i + 1 < k ? " " : "\\n");
}
`;

/** Headers the compiler read from their text (`-H` prints one line per header, dots for its depth). */
const headersRead = (stderr: string): string[] => stderr.split('\n').filter((line) => /^\.+ \//.test(line));

let context: TestContext;

beforeAll(async () => {
  context = testContext();
  // Built once per process under its own uid; ~10 s of CPU, far more wall on a loaded machine.
  await context.shared(CPP_RUNTIME);
  await context.shared(CPP_EVERY_HEADER);
}, 600_000);
afterAll(async () => {
  await cppLanguage.close?.();
  await context.dispose();
});

/** The context with every C++ compile asked for `-H`, and what each printed. */
function listingHeaders(): { context: NativeContext; compiles: JailResult[] } {
  const compiles: JailResult[] = [];
  return {
    compiles,
    context: {
      ...context,
      jail: async (spec) => {
        if (!spec.argv.includes(CPP_COMPILER)) return context.jail(spec);
        const result = await context.jail({ ...spec, argv: [...spec.argv, '-H'] });
        compiles.push(result);
        return result;
      },
    },
  };
}

describe('C++: <bits/stdc++.h> is read from a precompiled header (decision 1042)', () => {
  it('finds the directive wherever the candidate wrote it, and nothing else', () => {
    expect(includesEveryHeader(EVERY_HEADER_ANSWER)).toBe(true);
    expect(includesEveryHeader('int x;\n  #  include "bits/stdc++.h"\n')).toBe(true);
    expect(includesEveryHeader('#include <vector>\n// #include <bits/stdc++.h>\n')).toBe(false);
    expect(includesEveryHeader('#include <bits/stdc++.hpp>\n')).toBe(false);
  });

  it('a function answer that includes it compiles from the precompiled header and passes', { timeout: 180_000 }, async () => {
    const { context: listing, compiles } = listingHeaders();
    const result = await cppLanguage.execute(
      {
        form: 'function',
        code: EVERY_HEADER_ANSWER,
        functionName: 'topScores',
        signature: TOP_SCORES_SIGNATURE,
        argsJson: TOP_SCORES_CASES.map((c) => JSON.stringify(c.args)),
      },
      listing,
    );
    expect(result.kind === 'ran' && result.cases.map((c) => c.report)).toEqual(
      TOP_SCORES_CASES.map((c) => ({ kind: 'value', json: JSON.stringify(c.expected) })),
    );
    expect(compiles).toHaveLength(1);
    expect(compiles[0]?.stderr).not.toMatch(/error/);
    // The library came from the precompiled header: clang reopens a few dozen headers at most (each skipped at its
    // guard), where parsing the text opens ~540.
    expect(headersRead(compiles[0]?.stderr ?? '').length).toBeLessThan(100);
  });

  it('a stdin/stdout answer that includes it compiles from it too, parsing a fraction of what its text costs', { timeout: 300_000 }, async () => {
    const { context: listing, compiles } = listingHeaders();
    const result = await cppLanguage.execute({ form: 'stdio', code: EVERY_HEADER_STDIO, inputs: TOP_SCORES_STDIO_CASES.map((c) => c.input) }, listing);
    expect(result.kind === 'ran' && result.cases.map((c) => c.report)).toEqual(
      TOP_SCORES_STDIO_CASES.map((c) => ({ kind: 'stdout', text: c.expectedOutput, exitCode: 0 })),
    );
    const withHeader = compiles[0]?.stderr ?? '';
    // The same file compiled from the headers' text: the compiler opens every header the library nests (~540) and
    // parses them; from the precompiled header it reopens a few dozen at most, each skipped at its guard.
    const dir = await context.scratchDir();
    await writeFile(join(dir, 'solution.cpp'), EVERY_HEADER_STDIO);
    const plain = await context.jail({
      argv: [CPP_COMPILER, ...CPP_FLAGS, '-H', '-fsyntax-only', 'solution.cpp'],
      dir,
      limits: { ...context.compileLimits, cpuMs: 60_000, wallMs: 300_000 },
    });
    expect(plain.exitCode, plain.stderr).toBe(0);
    expect(headersRead(plain.stderr).length).toBeGreaterThan(300);
    expect(headersRead(withHeader).length).toBeLessThan(headersRead(plain.stderr).length / 5);
  });
});
