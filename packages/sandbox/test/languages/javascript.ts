import type { LanguageFixture } from './fixture.js';

export const javascriptFixture: LanguageFixture = {
  language: 'javascript',
  correct: 'function topScores(scores, k) {\n  return [...scores].sort((a, b) => b - a).slice(0, k);\n}\n',
  wrong: 'function topScores(scores, k) {\n  return [...scores].sort((a, b) => a - b).slice(0, k);\n}\n',
  compileError: { code: 'function topScores(scores, k) {\n  return scores.slice(0, k;\n}\n', line: 2 },
  runtimeError: { code: 'function topScores(scores, k) {\n  return null.length;\n}\n', line: 2 },
  stdioCorrect:
    "const [head, values] = require('fs').readFileSync(0, 'utf8').split('\\n');\nconst k = Number(head.split(' ')[1]);\nconst scores = values.split(' ').map(Number).sort((a, b) => b - a);\nconsole.log(scores.slice(0, k).join(' '));\n",
};
