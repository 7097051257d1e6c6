import type { Command } from 'commander';
import { FileProblemsError } from '../errors.js';
import type { FileProblem } from '../definition-file/definition-source.js';
import { readDefinitionFile } from '../definition-file/read-definition-file.js';
import { checkSchema, problemLine } from '../definition-file/schema-problems.js';
import { terminalLine } from '../format/terminal-text.js';
import type { CliIo } from './cli-io.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

/** What `assay tests lint --json` prints: the file, and its problems (none when it is ok). */
export interface LintReport {
  readonly file: string;
  readonly ok: boolean;
  readonly problems: readonly FileProblem[];
}

/** Each problem on a line of its own, then the count; or `FILE: ok`. */
export const lintText = (report: LintReport): string =>
  report.ok ? `${report.file}: ok` : report.problems.map((problem) => problemLine(report.file, problem)).join('\n');

const printProblems = (io: CliIo, options: GlobalOptions, report: LintReport): void => {
  if (options.json) emit(io, options, report, () => '');
  else for (const problem of report.problems) io.stdout.write(`${terminalLine(problemLine(report.file, problem))}\n`);
};

/** `assay tests lint|preview|push FILE` (issue 62 item 3): a test written as a file, checked, shown and imported. */
export const registerTestFiles = (tests: Command, io: CliIo): void => {
  withJson(
    tests
      .command('lint')
      .description('check a test file (YAML or JSON) against the definition schema; each problem with its line and column (docs/tests-as-files.md)')
      .argument('<FILE>', 'FILE.yaml, FILE.yml or FILE.json'),
  ).action(
    act(io, async (io, options: GlobalOptions, file: string) => {
      const { problems } = checkSchema(await readDefinitionFile(file));
      const report: LintReport = { file, ok: problems.length === 0, problems };
      if (!report.ok) {
        printProblems(io, options, report);
        throw new FileProblemsError(file, problems.length);
      }
      emit(io, options, report, () => lintText(report));
    }),
  );
};
