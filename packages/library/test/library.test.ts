import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { libraryImportDefinition } from '@assay/domain/library';
import { TestDefinition } from '@assay/domain/schemas';
import { loadLibrary } from '../src/index.js';

const SKILLS = ['SQL', 'Git', 'HTTP', 'Linux', 'Python', 'JavaScript', 'Java', 'Data structures', 'Security', 'Testing'];

describe('the shipped library', () => {
  const library = loadLibrary();
  const maps = { items: new Map(library.items.map((item) => [item.id, item])), tests: new Map(library.tests.map((test) => [test.id, test])) };

  it('loads whole: every item a valid question with its licence, source, attribution and skills', () => {
    expect(library.items.length).toBeGreaterThan(0);
    for (const item of library.items) {
      expect(item.attribution.length, item.id).toBeGreaterThan(0);
      expect((item.question.skills as string[]).length, item.id).toBeGreaterThan(0);
      // An item adapted from elsewhere says where from; the Assay authors' own has no address.
      expect(item.source.url === null, item.id).toBe(item.source.name === 'The Assay authors');
    }
  });

  it('covers the ten skills a team hiring engineers asks about, each with choice items', () => {
    const choiceSkills = new Set(
      library.items.filter((item) => String(item.question.type).endsWith('_choice')).flatMap((item) => item.question.skills as string[]),
    );
    for (const skill of SKILLS) expect(choiceSkills, skill).toContain(skill);
  });

  it('builds every ready test into a test definition the import route takes', () => {
    expect(library.tests.length).toBeGreaterThan(0);
    for (const test of library.tests) {
      const built = libraryImportDefinition({ readyTest: test.id }, maps);
      expect(built.err, test.id).toBeUndefined();
      const parsed = TestDefinition.safeParse(built.val);
      expect(parsed.success ? [] : parsed.error.issues, test.id).toEqual([]);
    }
  });
});

describe('a library with problems', () => {
  const root = mkdtempSync(join(tmpdir(), 'assay-library-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, value: unknown) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), typeof value === 'string' ? value : JSON.stringify(value));
  };

  it('is refused whole, naming every file and path at fault', () => {
    const own = { licence: { spdx: 'MIT', shareAlike: false }, source: { name: 'The Assay authors', url: null }, attribution: 'Ours.', explanation: 'Why.' };
    const question = { type: 'single_choice', text: 'Pick', skills: ['Git'], options: [{ text: 'a', correct: true }, { text: 'b' }] };
    write('items/git/good.json', { id: 'good', version: 1, level: 'junior', ...own, question });
    write('items/git/two-correct.json', {
      id: 'two-correct',
      version: 1,
      level: 'junior',
      ...own,
      question: {
        ...question,
        options: [
          { text: 'a', correct: true },
          { text: 'b', correct: true },
        ],
      },
    });
    write('items/git/no-skills.json', { id: 'no-skills', version: 1, level: 'junior', ...own, question: { ...question, skills: [] } });
    write('items/git/broken.json', '{ not json');
    write('tests/role.json', {
      id: 'role',
      version: 1,
      testName: 'Role',
      role: 'Role',
      level: 'junior',
      description: 'A role.',
      verdictBands: [],
      sections: [{ sectionName: 'S', sectionType: 'general', duration: 5, items: ['good', 'missing'] }],
    });
    expect(() => loadLibrary(root)).toThrow(
      /4 problems:\nitems\/git\/broken\.json: not JSON[^\n]*\nitems\/git\/no-skills\.json: question\.skills: a library item names its skills\nitems\/git\/two-correct\.json: question: a single_choice question needs exactly one correct option\ntests\/role: section "S" names missing, which is no item of the library$/,
    );
  });
});
