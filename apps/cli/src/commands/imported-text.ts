import type { ImportedTest, TestVersionMade } from '@assay/domain/schemas';

/** The same file imported twice makes a second, identical test: said, so it is a choice and not an accident. */
export const importedText = (test: ImportedTest): string => {
  const imported = `Imported "${test.testName}" as test ${test.testId}.`;
  return test.sameContentAs === null ? imported : `${imported}\nA test with the same content already exists as test ${test.sameContentAs}.`;
};

/** What a push to an existing test made: its new version, or nothing when the file is the current version. */
export const versionText = (made: TestVersionMade): string =>
  made.created
    ? `Test ${made.testId} is now at version ${made.version}: invitations not started take it; attempts already started keep theirs.`
    : `Test ${made.testId} is already this file (version ${made.version}): no version made.`;
