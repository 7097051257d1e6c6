import type { LanguageFixture } from './fixture.js';

export const pythonFixture: LanguageFixture = {
  language: 'python',
  correct: 'def topScores(scores, k):\n    return sorted(scores, reverse=True)[:k]\n',
  wrong: 'def topScores(scores, k):\n    return sorted(scores)[:k]\n',
  compileError: { code: 'def topScores(scores, k):\n    return sorted(scores[:k\n', line: 2 },
  runtimeError: { code: 'def topScores(scores, k):\n    return None.length\n', line: 2 },
  stdioCorrect: 'n, k = map(int, input().split())\nscores = sorted(map(int, input().split()), reverse=True)\nprint(*scores[:k])\n',
};
