import { describe, expect, it } from 'vitest';
import { languageProfile } from '../registry.js';
import type { Signature } from '../value-type.js';

const TOP_SCORES: Signature = {
  params: [
    { name: 'scores', type: 'int[]' },
    { name: 'k', type: 'int' },
  ],
  returns: 'int[]',
};
const GRID: Signature = {
  params: [
    { name: 'grid', type: 'string[][]' },
    { name: 'default', type: 'long' },
  ],
  returns: 'double[][]',
};
const MAP: Signature = { params: [{ name: 'counts', type: 'map<string,int[]>' }], returns: 'bool' };

describe('the C and C++ starter code', () => {
  it('writes C the LeetCode way: a list is a pointer and its length, a returned list its length through returnSize', () => {
    expect(languageProfile('c').stub('topScores', TOP_SCORES)).toBe(
      '#include <stdbool.h>\n#include <stdlib.h>\n#include <string.h>\n\nint* topScores(int* scores, int scoresSize, int k, int* returnSize) {\n    /* Return an array allocated with malloc; write its length to *returnSize. */\n    *returnSize = 0;\n    return NULL;\n}\n',
    );
    expect(languageProfile('c').stub('solve', GRID)).toContain(
      'double** solve(char*** grid, int gridSize, int* gridColSize, long long default_, int* returnSize, int** returnColumnSizes) {',
    );
  });

  it('refuses a map in C with the reason, and C++ spells it with the standard library', () => {
    const refusal = languageProfile('c').signatureRefusal?.(MAP);
    expect(refusal).toMatch(/^C cannot answer a question using map<string,int\[\]>: C has no maps/);
    expect(languageProfile('c').stub('tally', MAP)).toBe(`/* ${refusal} */\n`);
    expect(languageProfile('cpp').signatureRefusal?.(MAP)).toBeUndefined();
    expect(languageProfile('cpp').stub('tally', MAP)).toBe(
      '#include <map>\n#include <string>\n#include <vector>\nusing namespace std;\n\nbool tally(map<string, vector<int>> counts) {\n    return {};\n}\n',
    );
    expect(languageProfile('cpp').stub('solve', GRID)).toContain('vector<vector<double>> solve(vector<vector<string>> grid, long long default_) {');
  });

  it('offers a stdio program that reads stdin and prints', () => {
    expect(languageProfile('c').stdioStub()).toContain('scanf("%d", &n)');
    expect(languageProfile('cpp').stdioStub()).toContain('cin >> n');
  });
});
