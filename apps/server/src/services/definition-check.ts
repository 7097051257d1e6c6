import {
  DEFAULT_SCORING_BUDGET,
  type DefinitionCheck,
  type SolutionOutcome,
  type SolutionRun,
  solutionRunsOf,
  solutionsWithinCap,
  solutionVerdict,
  type TestDefinition,
} from '@assay/domain';
import { codingRunRequest } from '@assay/jobs';
import { type CodeRunner, LanguageUnavailableError, SandboxBusyError } from '@assay/sandbox';
import { unwrap } from '../refusal-error.js';

/**
 * One solution against its question's hidden tests, in the scoring lane under the org's fair share (decision 1468):
 * a language this server cannot run, or a sandbox too busy to take it, is said as "could not be run", never a pass.
 */
const runSolution = async (runner: CodeRunner, orgId: number, run: SolutionRun, signal: AbortSignal | undefined): Promise<SolutionOutcome> => {
  const owner = { org: `org:${orgId}`, link: 'definition-check', candidate: `definition-check:${orgId}` };
  try {
    return await runner.run(codingRunRequest(run.question, run.code, run.language, 'hiddenTests'), {
      lane: 'scoring',
      owner,
      stopAfterTimeouts: DEFAULT_SCORING_BUDGET.stopAfterTimeouts,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof LanguageUnavailableError) return { notRun: `${error.reason} (${error.remedy})` };
    if (error instanceof SandboxBusyError) return { notRun: error.message };
    throw error;
  }
};

/**
 * Runs every reference and wrong-on-purpose solution of a definition, one after the other, and keeps nothing. A
 * definition with more solutions than one check runs is refused before the first run (400.131).
 */
export const checkDefinition = async (runner: CodeRunner, orgId: number, definition: TestDefinition, signal?: AbortSignal): Promise<DefinitionCheck> => {
  const check: DefinitionCheck = { solutions: [], problems: [] };
  const runs = solutionRunsOf(definition);
  unwrap(solutionsWithinCap(runs.length));
  for (const run of runs) {
    const { result, problems } = solutionVerdict(run, await runSolution(runner, orgId, run, signal));
    check.solutions.push(result);
    check.problems.push(...problems);
  }
  return check;
};
