import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LibraryItem, ReadyTest } from '@assay/domain/library';
import type { z } from 'zod';

/** The library as shipped: every item and every ready test, in the order of their ids. */
export interface Library {
  readonly items: readonly LibraryItem[];
  readonly tests: readonly ReadyTest[];
}

/** The package's own folder (src/ and dist/ both sit one level below it). */
const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

const jsonFilesUnder = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();

/** Every file parsed with `schema`; each problem named by its file and path, all of them at once. */
const readAll = <S extends z.ZodType>(root: string, directory: string, schema: S, problems: string[]): z.infer<S>[] =>
  jsonFilesUnder(join(root, directory)).flatMap((file) => {
    const name = relative(root, file);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push(`${name}: not JSON (${(error as Error).message})`);
      return [];
    }
    const parsed = schema.safeParse(raw);
    if (parsed.success) return [parsed.data];
    for (const issue of parsed.error.issues) problems.push(`${name}: ${issue.path.map(String).join('.') || '(the file)'}: ${issue.message}`);
    return [];
  });

/** What is wrong across files: an id twice, a ready test naming an item that is not there or one of the wrong kind. */
const crossProblems = (items: readonly LibraryItem[], tests: readonly ReadyTest[]): string[] => {
  const problems: string[] = [];
  const byId = new Map<string, LibraryItem>();
  for (const item of items) {
    if (byId.has(item.id)) problems.push(`items: ${item.id} is the id of two items`);
    byId.set(item.id, item);
  }
  const testIds = new Set<string>();
  for (const test of tests) {
    if (testIds.has(test.id)) problems.push(`tests: ${test.id} is the id of two ready tests`);
    testIds.add(test.id);
    for (const section of test.sections) {
      for (const id of section.items) {
        const item = byId.get(id);
        if (!item) problems.push(`tests/${test.id}: section "${section.sectionName}" names ${id}, which is no item of the library`);
        else if ((item.question.type === 'coding') !== (section.sectionType === 'coding'))
          problems.push(`tests/${test.id}: section "${section.sectionName}" (${section.sectionType}) cannot hold ${id} (${String(item.question.type)})`);
      }
      if (new Set(section.items).size !== section.items.length) problems.push(`tests/${test.id}: section "${section.sectionName}" names an item twice`);
    }
  }
  return problems;
};

/**
 * Reads and checks the library under `root` (the package's own by default): every item against the test-definition
 * schema, every ready test against the items. Any problem throws, naming each file and path: a library that loads is
 * whole.
 */
export const loadLibrary = (root: string = PACKAGE_ROOT): Library => {
  const problems: string[] = [];
  const items = readAll(root, 'items', LibraryItem, problems);
  const tests = readAll(root, 'tests', ReadyTest, problems);
  problems.push(...crossProblems(items, tests));
  if (problems.length > 0) throw new Error(`The library has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`);
  const byId = <T extends { id: string }>(a: T, b: T) => a.id.localeCompare(b.id);
  return { items: [...items].sort(byId), tests: [...tests].sort(byId) };
};
