import type { ImportedTest } from '@assay/domain/schemas';

/** The same file imported twice makes a second, identical test: said, so it is a choice and not an accident. */
export const importedText = (test: ImportedTest): string => {
  const imported = `Imported "${test.testName}" as test ${test.testId}.`;
  return test.sameContentAs === null ? imported : `${imported}\nA test with the same content already exists as test ${test.sameContentAs}.`;
};
