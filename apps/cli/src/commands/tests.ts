import type { TestPage } from '@assay/client';
import type { TestDetails } from '@assay/domain/schemas';
import type { Command } from 'commander';
import { FileProblemsError, UsageError } from '../errors.js';
import { readDefinitionFile } from '../definition-file/read-definition-file.js';
import { problemLine } from '../definition-file/schema-problems.js';
import { terminalLine } from '../format/terminal-text.js';
import { fields, table } from '../format/table.js';
import { parseId, parsePageNumber, parsePageSize } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';
import { registerTestSettings } from './test-settings.js';
import { registerAiCheck } from './ai-check.js';
import { registerItemAnalysis } from './item-analysis.js';
import { bankFormatOfFile, bankReportText } from '../format/bank-report.js';
import { registerTestFiles } from './test-files.js';
import { importedText } from './imported-text.js';
import { readFile } from 'node:fs/promises';

export { importedText };

export const listText = (list: TestPage, page: number, size: number): string => {
  const rows = list.tests.map((test) => [String(test.testId), test.testName, String(test.questions), `${test.duration} min`, test.testStatus]);
  const where =
    list.testsCount === null
      ? `Page ${page} (the server did not say how many tests there are)`
      : `Page ${page} of ${Math.max(1, Math.ceil(list.testsCount / size))} (${list.testsCount} tests)`;
  return `${table(['ID', 'NAME', 'QUESTIONS', 'DURATION', 'STATUS'], rows)}\n\n${where}`;
};

/**
 * Why the page asked for is past the last one, or undefined when it is not. Page 1 always exists (an empty
 * catalogue is an empty list); a page past the end is a usage error (exit 2), so a script paging on stops.
 */
export const pastLastPage = (list: TestPage, page: number, size: number): string | undefined => {
  if (page === 1) return undefined;
  if (list.testsCount === null) return list.tests.length === 0 ? `Page ${page} is past the last page: it holds no tests.` : undefined;
  const pages = Math.max(1, Math.ceil(list.testsCount / size));
  return page > pages
    ? `Page ${page} is past the last page: there ${pages === 1 ? 'is 1 page' : `are ${pages} pages`} of ${size} (${list.testsCount} tests).`
    : undefined;
};

export const testDetailsText = (test: TestDetails): string => {
  const head = fields([
    ['Test', `${test.testName} (#${test.testId})`],
    ['Status', test.testStatus],
    ['Questions', String(test.questions)],
    ['Duration', `${test.duration} min`],
    ['Access key', test.accessKey],
  ]);
  const sections = table(
    ['SECTION', 'TYPE', 'QUESTIONS', 'DURATION'],
    test.sections.map((section) => [section.sectionName, section.sectionType, String(section.questions), `${section.duration} min`]),
  );
  return `${head}\n\n${sections}`;
};

const readText = async (file: string): Promise<string> => {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
  }
};

/** The file's value as the server receives it; a file that does not parse stops here, each problem at its line. */
const readDefinition = async (io: CliIo, file: string): Promise<unknown> => {
  const source = await readDefinitionFile(file);
  if (source.syntaxProblems.length === 0) return source.value;
  for (const problem of source.syntaxProblems) io.stderr.write(`${terminalLine(problemLine(file, problem))}\n`);
  throw new FileProblemsError(file, source.syntaxProblems.length);
};

/** `--minutes-per-question`: 0.25 to 60, checked here so a typo costs no request. */
const parseMinutesPerQuestion = (value: string): number => {
  const minutes = Number(value);
  if (value.trim() === '' || !Number.isFinite(minutes) || minutes < 0.25 || minutes > 60) {
    throw new UsageError(`--minutes-per-question must be a number from 0.25 to 60 (got "${value}")`);
  }
  return minutes;
};

export const registerTests = (program: Command, io: CliIo): void => {
  const tests = program.command('tests').description('list, show and import tests');

  withJson(tests.command('list').description('one page of tests (4.1)'))
    .option('--page <n>', 'page number, from 1', parsePageNumber, 1)
    .option('--size <n>', 'tests per page, 1-100', parsePageSize, 20)
    .action(
      act(io, async (io, options: GlobalOptions & { page: number; size: number }) => {
        const client = await connect(io, options.profile);
        const list = await client.tests.list({ page_no: options.page, page_size: options.size });
        const past = pastLastPage(list, options.page, options.size);
        if (past !== undefined) throw new UsageError(past);
        emit(io, options, list, () => listText(list, options.page, options.size));
      }),
    );

  withJson(tests.command('show').description('a test with its sections (4.2)').argument('<TEST_ID>', 'the test', parseId)).action(
    act(io, async (io, options: GlobalOptions, testId: number) => {
      const test = await (await connect(io, options.profile)).tests.get(testId);
      emit(io, options, test, () => testDetailsText(test));
    }),
  );

  withJson(
    tests
      .command('import')
      .description(
        'import a test definition, YAML or JSON (FILE.yaml, FILE.yml, FILE.json; see GET /v2/test-definition.schema.json and ' +
          'docs/tests-as-files.md), or a question bank as a new test: a Moodle XML export (FILE.xml) or GIFT (FILE.gift, FILE.txt), ' +
          'printing what could not be carried over (docs/bring-your-bank.md)',
      )
      .argument('<FILE>', 'the definition (.yaml, .yml, .json) or the bank (.xml, .gift, .txt)')
      .option('--name <name>', "a bank only: the new test's name (default: its first category)")
      .option('--minutes-per-question <m>', 'a bank only: each section lasts this many minutes a question (default 2)', parseMinutesPerQuestion),
  ).action(
    act(io, async (io, options: GlobalOptions & { name?: string; minutesPerQuestion?: number }, file: string) => {
      const format = bankFormatOfFile(file);
      if (format === undefined) {
        if (options.name !== undefined || options.minutesPerQuestion !== undefined) {
          throw new UsageError('--name and --minutes-per-question are for a question bank (.xml, .gift, .txt); a definition names its own test');
        }
        const definition = await readDefinition(io, file);
        const client = await connect(io, options.profile);
        const test = await client.tests.import(definition as Parameters<typeof client.tests.import>[0]);
        emit(io, options, test, () => importedText(test));
        return;
      }
      const content = await readText(file);
      const client = await connect(io, options.profile);
      const report = await client.tests.importBank({
        format,
        content,
        ...(options.name === undefined ? {} : { testName: options.name }),
        ...(options.minutesPerQuestion === undefined ? {} : { minutesPerQuestion: options.minutesPerQuestion }),
      });
      emit(io, options, report, () => bankReportText(report));
    }),
  );

  registerTestSettings(tests, io);
  registerAiCheck(tests, io);
  registerItemAnalysis(tests, io);
  registerTestFiles(tests, io);
};
