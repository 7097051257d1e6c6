import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/index.js';
import type { NativeLanguageId } from '../../src/native/native-language.js';

/**
 * Cases are data, never source literals (decision 1085): a case of 10,000 list items and a 70,000-character string
 * passes for a right answer in every native language (Java's generated harness once hit `code too large` and
 * `constant string too long`, and every answer scored 0), through a real Sandbox and the real jail.
 */
const signature = {
  params: [
    { name: 'values', type: 'int[]' },
    { name: 'text', type: 'string' },
  ],
  returns: 'long[]',
};
const values = Array.from({ length: 10_000 }, (_, index) => index * 7 - 35_000);
const text = 'ab"\\c'.repeat(14_000);
const cases = [
  { args: [values, text], expected: [values.length, values.reduce((sum, value) => sum + value, 0), text.length] },
  { args: [[1, 2], 'x'], expected: [2, 3, 1] },
];

/** measure(values, text) = [how many values, their sum, the text's length], right, in each native language. */
const MEASURE: Readonly<Record<NativeLanguageId, string>> = {
  java: 'class Solution {\n    public static long[] measure(int[] values, String text) {\n        long sum = 0;\n        for (int v : values) sum += v;\n        return new long[] { values.length, sum, text.length() };\n    }\n}\n',
  c: '#include <stdlib.h>\n#include <string.h>\n\nlong long* measure(int* values, int valuesSize, char* text, int* returnSize) {\n    long long* out = malloc(3 * sizeof(long long));\n    long long sum = 0;\n    for (int i = 0; i < valuesSize; i++) sum += values[i];\n    out[0] = valuesSize;\n    out[1] = sum;\n    out[2] = (long long) strlen(text);\n    *returnSize = 3;\n    return out;\n}\n',
  cpp: '#include <string>\n#include <vector>\nusing namespace std;\n\nvector<long long> measure(vector<int> values, string text) {\n    long long sum = 0;\n    for (int v : values) sum += v;\n    return { (long long) values.size(), sum, (long long) text.size() };\n}\n',
  csharp:
    'public class Solution\n{\n    public static long[] measure(int[] values, string text)\n    {\n        long sum = 0;\n        foreach (int v in values) sum += v;\n        return new long[] { values.Length, sum, text.Length };\n    }\n}\n',
  go: 'func measure(values []int, text string) []int64 {\n\tvar sum int64\n\tfor _, v := range values {\n\t\tsum += int64(v)\n\t}\n\treturn []int64{int64(len(values)), sum, int64(len(text))}\n}\n',
  rust: 'pub fn measure(values: Vec<i32>, text: String) -> Vec<i64> {\n    let sum: i64 = values.iter().map(|&v| v as i64).sum();\n    vec![values.len() as i64, sum, text.len() as i64]\n}\n',
  ruby: 'def measure(values, text)\n  [values.length, values.sum, text.length]\nend\n',
  php: '<?php\nfunction measure($values, $text) {\n    return [count($values), array_sum($values), strlen($text)];\n}\n',
};

// Generous limits and warmed toolchains: a cold compiler's start on a loaded host is not what this checks.
const sandbox = new Sandbox({ workers: 1, nativeWorkers: 2, limits: { cpuMsPerCase: 20_000 }, prewarm: Object.keys(MEASURE) as NativeLanguageId[] });
sandbox.warmUp('candidate');
afterAll(() => sandbox.close());

describe.each(Object.keys(MEASURE) as NativeLanguageId[])('%s', (language) => {
  it('passes a case of 10,000 list items and a 70,000-character string', { timeout: 180_000 }, async () => {
    const availability = sandbox.languages()[language];
    expect(availability, JSON.stringify(availability)).toEqual({ available: true });
    const outcome = await sandbox.run({ language, code: MEASURE[language], functionName: 'measure', signature, cases });
    expect(
      outcome.results.map((result) => result.passed),
      JSON.stringify(outcome.results.map(({ error, actual }) => ({ error, actual }))),
    ).toEqual([true, true]);
  });
});
