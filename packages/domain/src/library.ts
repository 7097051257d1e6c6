/**
 * `@assay/domain/library`: the open library (issue 62 items 1 and 2) — an item's and a ready test's file format, what
 * the API answers of them, how they are filtered, and how a ready test or chosen items become a test definition.
 */
export { LibraryItem, LibraryItemId, LibraryLevel, LibraryLicence, LibrarySource, ReadySection, ReadyTest, ReferenceSolution } from './library/library-item.js';
export {
  LibraryFilter,
  LibraryImportInput,
  LibraryItemDetails,
  LibraryItemSummary,
  LibraryItemType,
  LibraryList,
  ReadyTestList,
  ReadyTestSummary,
} from './library/library-wire.js';
export { filterLibrary, libraryItemDetails, libraryItemSummary, librarySkills, readyTestSummary } from './library/library-query.js';
export { attributionLines, itemsDefinition, libraryImportDefinition, readyTestDefinition } from './library/library-definition.js';
export { LibraryAdditionInput, withLibraryAddition } from './library/library-addition.js';
