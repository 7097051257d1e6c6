import type { LanguageFixture } from './fixture.js';

const COMPARE = 'static int larger(const void* a, const void* b) {\n    return *(const int*)b - *(const int*)a;\n}\n\n';

export const cFixture: LanguageFixture = {
  language: 'c',
  correct: `#include <stdlib.h>\n#include <string.h>\n\n${COMPARE}int* topScores(int* scores, int scoresSize, int k, int* returnSize) {\n    int* top = malloc(sizeof(int) * scoresSize);\n    memcpy(top, scores, sizeof(int) * scoresSize);\n    qsort(top, scoresSize, sizeof(int), larger);\n    *returnSize = k;\n    return top;\n}\n`,
  wrong: `#include <stdlib.h>\n\n${COMPARE}int* topScores(int* scores, int scoresSize, int k, int* returnSize) {\n    qsort(scores, scoresSize, sizeof(int), larger);\n    *returnSize = k;\n    return scores + scoresSize - k;\n}\n`,
  compileError: { code: 'int* topScores(int* scores, int scoresSize, int k, int* returnSize) {\n    *returnSize = k;\n    return scores\n}\n', line: 3 },
  runtimeError: {
    code: '#include <stddef.h>\nint* topScores(int* scores, int scoresSize, int k, int* returnSize) {\n    int* nothing = NULL;\n    *returnSize = nothing[k];\n    return scores;\n}\n',
    line: 4,
  },
  stdioCorrect: `#include <stdio.h>\n#include <stdlib.h>\n\n${COMPARE}int main(void) {\n    int n, k;\n    if (scanf("%d %d", &n, &k) != 2) return 1;\n    int* s = malloc(sizeof(int) * n);\n    for (int i = 0; i < n; i++) scanf("%d", &s[i]);\n    qsort(s, n, sizeof(int), larger);\n    for (int i = 0; i < k; i++) printf(i + 1 < k ? "%d " : "%d\\n", s[i]);\n    return 0;\n}\n`,
  native: {
    pause:
      '#include <time.h>\n\nint pause(int ms) {\n    clock_t end = clock() + (clock_t)ms * CLOCKS_PER_SEC / 1000;\n    while (clock() < end) {\n    }\n    return ms;\n}\n',
    stdioPause:
      '#define _POSIX_C_SOURCE 200809L\n#include <stdio.h>\n#include <time.h>\n\nint main(void) {\n    int ms = 0;\n    if (scanf("%d", &ms) != 1) return 1;\n    struct timespec wait = { ms / 1000, (ms % 1000) * 1000000L };\n    nanosleep(&wait, NULL);\n    printf("%d\\n", ms);\n    return 0;\n}\n',
    measure:
      '#include <stdlib.h>\n#include <string.h>\n\nlong long* measure(int* values, int valuesSize, char* text, int* returnSize) {\n    long long* out = malloc(3 * sizeof(long long));\n    long long sum = 0;\n    for (int i = 0; i < valuesSize; i++) sum += values[i];\n    out[0] = valuesSize;\n    out[1] = sum;\n    out[2] = (long long) strlen(text);\n    *returnSize = 3;\n    return out;\n}\n',
  },
};
