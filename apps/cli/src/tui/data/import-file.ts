import { readFile } from 'node:fs/promises';
import type { AssayClient, TestDefinitionInput } from '@assay/client';
import { importedText } from '../../commands/imported-text.js';
import { lintText } from '../../commands/test-files.js';
import { checkTimeoutMs, lintDefinition } from '../../definition-file/lint-definition.js';
import { readDefinitionFile } from '../../definition-file/read-definition-file.js';
import { problemLine } from '../../definition-file/schema-problems.js';
import { UsageError } from '../../errors.js';
import { bankFormatOfFile, bankReportText } from '../../format/bank-report.js';

/**
 * What importing one file did, as lines to show: a bank imported with its report of what was left out, a test file
 * linted and imported, or a test file refused with each problem at its line (nothing imported). `testId` is the
 * test made, to open.
 */
export type FileImport =
  | { readonly kind: 'imported'; readonly testId: number; readonly lines: readonly string[] }
  | { readonly kind: 'refused'; readonly lines: readonly string[] };

/** The files the screen offers with ↑↓: what `assay tests import` reads (a test file or a bank), by extension. */
export const IMPORTABLE_FILE = /\.(ya?ml|json|xml|gift|txt)$/i;

const problems = (count: number) => (count === 1 ? '1 problem' : `${count} problems`);

/**
 * `assay tests import FILE` and `assay tests push FILE` in one (issue 62 items 3 and 6): a bank (.xml, .gift, .txt)
 * becomes a new test with its report; a test file (.yaml, .yml, .json) is linted as `push` lints it (the schema, then
 * the server's runs of its solutions) and imported only when nothing is wrong.
 */
export const importFile = async (client: AssayClient, file: string, signal: AbortSignal): Promise<FileImport> => {
  const format = bankFormatOfFile(file);
  if (format !== undefined) {
    const content = await readFile(file, 'utf8').catch((error: unknown) => {
      throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
    });
    const report = await client.tests.importBank({ format, content }, { signal });
    return { kind: 'imported', testId: report.test.testId, lines: bankReportText(report).split('\n') };
  }
  const source = await readDefinitionFile(file);
  const lint = await lintDefinition(source, (definition, runs) => client.tests.check(definition, { signal, timeoutMs: checkTimeoutMs(runs) }));
  if (!lint.ok) {
    return {
      kind: 'refused',
      lines: [`Nothing imported: ${problems(lint.problems.length)} in ${file}.`, ...lint.problems.map((problem) => problemLine(file, problem))],
    };
  }
  const test = await client.tests.import(source.value as TestDefinitionInput, { signal });
  return { kind: 'imported', testId: test.testId, lines: [...lintText(lint).split('\n'), ...importedText(test).split('\n')] };
};
