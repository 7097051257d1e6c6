import type { TestDefinitionInput } from '@assay/client';
import { type DefinitionCheck, solutionRunsOf, type TestDefinition } from '@assay/domain/schemas';
import type { DefinitionSource, FileProblem } from './definition-source.js';
import { checkSchema } from './schema-problems.js';
import { solutionProblemsOf } from './solution-problems.js';

/** What `assay tests lint --json` prints: the file, its problems (none when it is ok), and its solutions' runs. */
export interface LintReport {
  readonly file: string;
  readonly ok: boolean;
  readonly problems: readonly FileProblem[];
  /** The server's runs of the file's solutions; null when it carries none, or with --offline. */
  readonly solutions: DefinitionCheck['solutions'] | null;
}

/** A run can take a while per solution (a compile, a jail): a client waits a minute, plus half a minute per solution. */
export const checkTimeoutMs = (runs: number): number => 60_000 + 30_000 * runs;

/** Asks the server to run the file's solutions (`runs` of them: a client waits longer for more). */
export type CheckSolutions = (definition: TestDefinitionInput, runs: number) => Promise<DefinitionCheck>;

/**
 * A test file against the schema (each problem at its line), then, when it carries solutions and `check` is given,
 * the server's runs of them against the hidden tests, whose problems come back at their lines too. Without `check`
 * (offline) the schema alone is checked. `lint`, `push` and the TUI's import screen all lint this way.
 */
export const lintDefinition = async (source: DefinitionSource, check?: CheckSolutions): Promise<LintReport & { definition?: TestDefinition }> => {
  const { file } = source;
  const schema = checkSchema(source);
  if (schema.definition === undefined) return { file, ok: false, problems: schema.problems, solutions: null };
  const runs = solutionRunsOf(schema.definition).length;
  if (runs === 0 || check === undefined) return { file, ok: true, problems: [], solutions: null, definition: schema.definition };
  const answer = await check(source.value as TestDefinitionInput, runs);
  const problems = solutionProblemsOf(source, answer);
  return { file, ok: problems.length === 0, problems, solutions: answer.solutions, definition: schema.definition };
};
