import type { BankFormat, BankImportReport } from '@assay/domain/schemas';

/** A bank's format by its file's extension (decision 1480): undefined for a JSON test definition. */
export const bankFormatOfFile = (file: string): BankFormat | undefined => {
  const extension = file.toLowerCase().split('.').at(-1);
  if (extension === 'xml') return 'moodle-xml';
  if (extension === 'gift' || extension === 'txt') return 'gift';
  return undefined;
};

/** What `assay tests import BANK` prints: the test made, then what was left out and what was left behind. */
export const bankReportText = (report: BankImportReport): string => {
  const { test, importedCount, skipped, notCarried } = report;
  const questions = (count: number) => (count === 1 ? '1 question' : `${count} questions`);
  const lines = [
    `Imported "${test.testName}" as test ${test.testId}: ${questions(importedCount)} in ${test.sections.length === 1 ? '1 section' : `${test.sections.length} sections`}, ${test.duration} min.`,
  ];
  const label = (item: { index: number; name: string }) => `#${item.index}${item.name === '' ? '' : ` "${item.name}"`}`;
  if (skipped.length > 0) {
    lines.push('', `Skipped ${questions(skipped.length)}:`);
    for (const item of skipped) lines.push(`  ${label(item)} (${item.type}): ${item.why}`);
  }
  if (notCarried.length > 0) {
    lines.push('', 'Not carried over:');
    for (const part of notCarried) lines.push(`  ${label(part)}: ${part.what}`);
  }
  if (skipped.length === 0 && notCarried.length === 0) lines.push('Everything was carried over.');
  return lines.join('\n');
};
