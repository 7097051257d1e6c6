import type { DefinitionCheck } from '@assay/domain/schemas';
import type { DefinitionSource, FileProblem } from './definition-source.js';
import { pathText } from './definition-source.js';
import { byPosition } from './schema-problems.js';

/** The server's problems with the solutions' runs, each at the line of the file it points at (a hidden test, a solution). */
export const solutionProblemsOf = (source: DefinitionSource, check: DefinitionCheck): FileProblem[] =>
  byPosition(check.problems.map((problem) => ({ ...source.positionOf(problem.path), path: pathText(problem.path), message: problem.message })));

/** `3 solutions run: 2 reference solutions pass every hidden test, 1 wrong solution fails at least one`. */
export const solutionsSummary = (check: DefinitionCheck): string => {
  const count = (kind: 'reference' | 'wrong') => check.solutions.filter((solution) => solution.kind === kind).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const [references, wrongs] = [count('reference'), count('wrong')];
  const parts = [
    ...(references > 0 ? [`${plural(references, 'reference solution')} ${references === 1 ? 'passes' : 'pass'} every hidden test`] : []),
    ...(wrongs > 0 ? [`${plural(wrongs, 'wrong solution')} ${wrongs === 1 ? 'fails' : 'fail'} at least one`] : []),
  ];
  return `${plural(check.solutions.length, 'solution')} run: ${parts.join(', ')}`;
};
