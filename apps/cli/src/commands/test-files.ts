import type { TestDefinitionInput } from '@assay/client';
import type { Command } from 'commander';
import { FileProblemsError, UsageError } from '../errors.js';
import { candidatePreviewText } from '../definition-file/candidate-preview.js';
import type { DefinitionSource } from '../definition-file/definition-source.js';
import { readDefinitionFile } from '../definition-file/read-definition-file.js';
import { checkTimeoutMs, type LintReport, lintDefinition } from '../definition-file/lint-definition.js';
import { problemLine } from '../definition-file/schema-problems.js';
import { solutionsSummary } from '../definition-file/solution-problems.js';
import { terminalLine } from '../format/terminal-text.js';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';
import { importedText, versionText } from './imported-text.js';

/** `FILE: ok`, with what the solutions' runs proved; or each problem on a line of its own. */
export const lintText = (report: LintReport): string => {
  if (!report.ok) return report.problems.map((problem) => problemLine(report.file, problem)).join('\n');
  return report.solutions === null || report.solutions.length === 0
    ? `${report.file}: ok`
    : `${report.file}: ok (${solutionsSummary({ solutions: report.solutions, problems: [] })})`;
};

type LintOptions = GlobalOptions & { offline?: boolean };
type PreviewOptions = GlobalOptions & { link?: boolean; test?: number; testVersion?: number };

/** The link, what it does and until when: the author sends it to whoever should look at the test. */
export const previewLinkText = (made: { previewUrl: string; expiresAt: string }): string =>
  [
    made.previewUrl,
    `The real candidate page of the test, recording nothing (no invitation, answer, score or email); anyone holding the link may open it until ${made.expiresAt}.`,
  ].join('\n');

/** `lintDefinition` with the server's runs of the solutions, unless --offline: connecting only when there are some. */
const lintSource = (io: CliIo, options: LintOptions, source: DefinitionSource) =>
  lintDefinition(
    source,
    options.offline
      ? undefined
      : async (definition, runs) => {
          const client = await connect(io, options.profile).catch((error: unknown) => {
            // Without a server the solutions cannot run: say how to lint the rest.
            throw error instanceof UsageError ? new UsageError(`${error.message} Or lint with --offline: the schema only, the solutions not run.`) : error;
          });
          return client.tests.check(definition, { timeoutMs: checkTimeoutMs(runs) });
        },
  );

/** Prints a failed lint (each problem at its line, or the report as JSON) and stops with exit code 1. */
const refuse = (io: CliIo, options: GlobalOptions, report: LintReport): never => {
  if (options.json) emit(io, options, { file: report.file, ok: false, problems: report.problems, solutions: report.solutions }, () => '');
  else for (const problem of report.problems) io.stdout.write(`${terminalLine(problemLine(report.file, problem))}\n`);
  throw new FileProblemsError(report.file, report.problems.length);
};

const withoutDefinition = ({ file, ok, problems, solutions }: LintReport): LintReport => ({ file, ok, problems, solutions });

const FILE_ARGUMENT = ['<FILE>', 'FILE.yaml, FILE.yml or FILE.json (docs/tests-as-files.md)'] as const;
const OFFLINE = ['--offline', 'check the file against the schema only: do not ask the server to run its solutions'] as const;

/** `assay tests lint|preview|push FILE` (issue 62 item 3): a test written as a file, checked, shown and imported. */
export const registerTestFiles = (tests: Command, io: CliIo): void => {
  withJson(
    tests
      .command('lint')
      .description(
        'check a test file against the definition schema, each problem with its line and column; the server runs the reference and wrong solutions it carries against its hidden tests (at most 60 a file)',
      )
      .argument(...FILE_ARGUMENT)
      .option(...OFFLINE),
  ).action(
    act(io, async (io, options: LintOptions, file: string) => {
      const report = withoutDefinition(await lintSource(io, options, await readDefinitionFile(file)));
      if (!report.ok) refuse(io, options, report);
      emit(io, options, report, () => lintText(report));
    }),
  );

  withJson(
    tests
      .command('push')
      .description(
        'lint a test file (its solutions run on the server), then import it as a new test, or with --test make it the next version of that test (attempts already started keep theirs)',
      )
      .argument(...FILE_ARGUMENT)
      .option('--test <TEST_ID>', 'make the file the next version of this test instead of a new test (docs/test-versions.md)', parseId),
  ).action(
    act(io, async (io, options: GlobalOptions & { test?: number }, file: string) => {
      const source = await readDefinitionFile(file);
      const report = await lintSource(io, options, source);
      if (!report.ok) refuse(io, options, report);
      const client = await connect(io, options.profile);
      const definition = source.value as TestDefinitionInput;
      const lint = lintText(withoutDefinition(report));
      if (options.test !== undefined) {
        const made = await client.tests.addVersion(options.test, definition);
        emit(io, options, made, () => `${lint}\n${versionText(made)}`);
        return;
      }
      const test = await client.tests.import(definition);
      emit(io, options, test, () => `${lint}\n${importedText(test)}`);
    }),
  );

  withJson(
    tests
      .command('preview')
      .description(
        'show a test file as a candidate sees it (sections, timings, questions and options, never the answers) in the terminal; with --link, or --test for a test the org has, print a link to the real candidate page that records nothing, for 24 hours',
      )
      .argument('[FILE]', FILE_ARGUMENT[1])
      .option('--link', 'print a preview link of the file: the real candidate page, recording nothing (docs/tests-as-files.md)')
      .option('--test <TEST_ID>', "a preview link of this test of the org's instead of a file", parseId)
      .option(
        '--test-version <N>',
        // Not --version: the program's own --version (the CLI's) is read wherever it stands on the line.
        'with --test: the version to preview (the current one when left out)',
        parseId,
      ),
  ).action(
    act(io, async (io, options: PreviewOptions, file: string | undefined) => {
      if (options.test !== undefined) {
        if (file !== undefined) throw new UsageError('Give a FILE or --test TEST_ID, not both.');
        const made = await (await connect(io, options.profile)).tests.previewOf(
          options.test,
          options.testVersion === undefined ? {} : { version: options.testVersion },
        );
        emit(io, options, made, () => previewLinkText(made));
        return;
      }
      if (file === undefined) throw new UsageError('Give a test FILE to preview, or --test TEST_ID for a test the org has.');
      if (options.testVersion !== undefined) throw new UsageError('--test-version goes with --test: a file has no versions.');
      const source = await readDefinitionFile(file);
      const report = await lintSource(io, { ...options, offline: true }, source);
      if (!report.ok || report.definition === undefined) return refuse(io, options, report);
      if (options.link) {
        // The file as written (YAML read as JSON): the server fills in the defaults, as an import does.
        const made = await (await connect(io, options.profile)).tests.preview(source.value as TestDefinitionInput);
        emit(io, options, { file, ...made }, () => previewLinkText(made));
        return;
      }
      const preview = candidatePreviewText(report.definition);
      // --json gives the same text, never the definition: it holds the answers and the solutions.
      emit(io, options, { file, preview }, () => preview);
    }),
  );
};
