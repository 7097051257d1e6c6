import type { LanguageFixture } from './fixture.js';

export const rubyFixture: LanguageFixture = {
  language: 'ruby',
  correct: 'def topScores(scores, k)\n  scores.sort.reverse.first(k)\nend\n',
  wrong: 'def topScores(scores, k)\n  scores.sort.first(k)\nend\n',
  compileError: { code: 'def topScores(scores, k)\n  scores.sort(\nend\n', line: 3 },
  runtimeError: { code: 'def topScores(scores, k)\n  nil.length\nend\n', line: 2 },
  stdioCorrect: "n, k = gets.split.map(&:to_i)\nscores = gets.split.map(&:to_i)\nputs scores.sort.reverse.first(k).join(' ')\n",
  native: {
    pause: 'def pause(ms)\n  sleep(ms / 1000.0)\n  ms\nend\n',
    stdioPause: 'ms = gets.to_i\nsleep(ms / 1000.0)\nputs ms\n',
    measure: 'def measure(values, text)\n  [values.length, values.sum, text.length]\nend\n',
  },
};
