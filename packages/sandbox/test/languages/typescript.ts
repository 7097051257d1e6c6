import type { LanguageFixture } from './fixture.js';

export const typescriptFixture: LanguageFixture = {
  language: 'typescript',
  correct: 'function topScores(scores: number[], k: number): number[] {\n  return [...scores].sort((a, b) => b - a).slice(0, k);\n}\n',
  wrong: 'function topScores(scores: number[], k: number): number[] {\n  return [...scores].sort((a, b) => a - b).slice(0, k);\n}\n',
  compileError: { code: 'function topScores(scores: number[], k: number): number[] {\n  return scores.slice(0, k;\n}\n', line: 2 },
  runtimeError: { code: 'function topScores(scores: number[], k: number): number[] {\n  return (null as any).length;\n}\n', line: 2 },
  stdioCorrect:
    "import { readFileSync } from 'fs';\n\nconst [head, values]: string[] = readFileSync(0, 'utf8').split('\\n');\nconst k: number = Number(head.split(' ')[1]);\nconst scores: number[] = values.split(' ').map(Number).sort((a, b) => b - a);\nconsole.log(scores.slice(0, k).join(' '));\n",
};
