import { ok, refuse, type Result } from '../result.js';
import type { LibraryItem, ReadyTest } from './library-item.js';
import type { LibraryImportInput } from './library-wire.js';

/** Minutes a general section gives each question it asks, and a coding section each problem (decision 1482). */
const GENERAL_MINUTES_PER_QUESTION = 1.5;
const CODING_MINUTES_PER_PROBLEM = 20;

/**
 * The description's closing lines naming every source other than the Assay authors' own, with its licence: what
 * attribution requires, and for share-alike sources the promise that what is adapted from them stays under the same
 * licence. It travels with the test into every export that carries the description (decision 1483).
 */
export const attributionLines = (items: readonly LibraryItem[]): string[] => {
  const seen = new Map<string, string>();
  for (const item of items) {
    if (item.source.url === null) continue;
    const line = `${item.attribution} (${item.licence.spdx}${item.licence.shareAlike ? ', share alike: adaptations stay under the same licence' : ''}; ${item.source.url})`;
    seen.set(line, line);
  }
  return [...seen.values()];
};

const describe = (description: string, items: readonly LibraryItem[]): string => {
  const lines = attributionLines(items);
  return lines.length === 0 ? description : `${description}\n\nIncludes material from:\n${lines.map((line) => `- ${line}`).join('\n')}`;
};

/** The items `ids` name, in that order; an id that is no item, or one named twice, is refused naming it (400.139). */
const itemsNamed = (ids: readonly string[], library: ReadonlyMap<string, LibraryItem>): Result<LibraryItem[]> => {
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice !== undefined) return refuse('library-items-not-valid', `items names ${twice} twice; name each item once.`);
  const unknown = ids.filter((id) => !library.has(id));
  if (unknown.length > 0) return refuse('library-items-not-valid', `No library item ${unknown.join(', ')}: GET /v2/org/library lists them.`);
  return ok(ids.map((id) => library.get(id)!));
};

/** A ready test as a test definition: its sections, their items' questions, its verdict bands, attribution. */
export const readyTestDefinition = (test: ReadyTest, library: ReadonlyMap<string, LibraryItem>, testName = test.testName): Result<Record<string, unknown>> => {
  const sections: Record<string, unknown>[] = [];
  const used: LibraryItem[] = [];
  for (const section of test.sections) {
    const named = itemsNamed(section.items, library);
    if (named.err) return { err: named.err };
    used.push(...named.val);
    const { items: _ids, ...settings } = section;
    sections.push({ ...settings, questions: named.val.map((item) => item.question) });
  }
  return ok({
    testName,
    description: describe(test.description, used),
    report: { verdictBands: test.verdictBands },
    sections,
  });
};

/** Chosen items as a new test: the questions in a general section, the coding problems in a coding one after it. */
export const itemsDefinition = (ids: readonly string[], library: ReadonlyMap<string, LibraryItem>, testName: string): Result<Record<string, unknown>> => {
  const named = itemsNamed(ids, library);
  if (named.err) return { err: named.err };
  const general = named.val.filter((item) => item.question.type !== 'coding');
  const coding = named.val.filter((item) => item.question.type === 'coding');
  const sections = [
    ...(general.length
      ? [
          {
            sectionName: 'Questions',
            sectionType: 'general',
            duration: Math.max(5, Math.ceil(general.length * GENERAL_MINUTES_PER_QUESTION)),
            questions: general.map((item) => item.question),
          },
        ]
      : []),
    ...(coding.length
      ? [{ sectionName: 'Coding', sectionType: 'coding', duration: coding.length * CODING_MINUTES_PER_PROBLEM, questions: coding.map((item) => item.question) }]
      : []),
  ];
  return ok({
    testName,
    description: describe(`Built from ${named.val.length} item${named.val.length === 1 ? '' : 's'} of the Assay library.`, named.val),
    sections,
  });
};

/** What `POST /v2/org/library/import` makes into a test definition; an unknown ready test is 404.126. */
export const libraryImportDefinition = (
  input: LibraryImportInput,
  library: { readonly items: ReadonlyMap<string, LibraryItem>; readonly tests: ReadonlyMap<string, ReadyTest> },
): Result<Record<string, unknown>> => {
  if (input.readyTest !== undefined) {
    const test = library.tests.get(input.readyTest);
    if (!test) return refuse('library-entry-not-found', `No ready test ${input.readyTest}: GET /v2/org/library/tests lists them.`);
    return readyTestDefinition(test, library.items, input.testName);
  }
  return itemsDefinition(input.items ?? [], library.items, input.testName ?? 'Library items');
};
