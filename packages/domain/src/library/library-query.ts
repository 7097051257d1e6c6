import { skillKeyOf } from '../schemas/question-skills.js';
import type { LibraryItem, ReadyTest } from './library-item.js';
import type { LibraryFilter, LibraryItemDetails, LibraryItemSummary, ReadyTestSummary } from './library-wire.js';

const TITLE_MAX = 120;

const skillsOf = (item: LibraryItem): string[] => (item.question.skills as string[] | undefined) ?? [];
/** A coding item's languages as its question names them: `languages`, or the earlier single `language`. */
const languagesOf = (item: LibraryItem): string[] =>
  item.question.type !== 'coding' ? [] : ((item.question.languages as string[] | undefined) ?? [item.question.language as string]);

const titleOf = (text: string): string => {
  const line = (text.split('\n').find((candidate) => candidate.trim() !== '') ?? '').trim();
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
};

export const libraryItemSummary = (item: LibraryItem): LibraryItemSummary => ({
  id: item.id,
  version: item.version,
  type: item.question.type as LibraryItemSummary['type'],
  level: item.level,
  skills: skillsOf(item),
  languages: languagesOf(item) as LibraryItemSummary['languages'],
  title: titleOf(String(item.question.text)),
  marks: (item.question.marks as number | undefined) ?? 1,
  licence: item.licence,
  source: item.source,
  attribution: item.attribution,
});

export const libraryItemDetails = (item: LibraryItem): LibraryItemDetails => ({
  ...libraryItemSummary(item),
  explanation: item.explanation,
  question: item.question,
});

/** The items `filter` lets through, in the library's order. */
export const filterLibrary = (items: readonly LibraryItem[], filter: LibraryFilter): LibraryItem[] =>
  items.filter(
    (item) =>
      (filter.skill === undefined || skillsOf(item).some((skill) => skillKeyOf(skill) === skillKeyOf(filter.skill!))) &&
      (filter.type === undefined || item.question.type === filter.type) &&
      (filter.language === undefined || languagesOf(item).includes(filter.language)) &&
      (filter.level === undefined || item.level === filter.level),
  );

/** Every skill of the library once, sorted, in the spelling its first item uses. */
export const librarySkills = (items: readonly LibraryItem[]): string[] => {
  const byKey = new Map<string, string>();
  for (const skill of items.flatMap(skillsOf)) if (!byKey.has(skillKeyOf(skill))) byKey.set(skillKeyOf(skill), skill);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
};

export const readyTestSummary = (test: ReadyTest, items: ReadonlyMap<string, LibraryItem>): ReadyTestSummary => ({
  id: test.id,
  version: test.version,
  testName: test.testName,
  role: test.role,
  level: test.level,
  description: test.description,
  duration: test.sections.reduce((total, section) => total + section.duration, 0),
  questions: test.sections.reduce((total, section) => total + (section.draw ?? section.items.length), 0),
  skills: librarySkills(test.sections.flatMap((section) => section.items.flatMap((id) => (items.has(id) ? [items.get(id)!] : [])))),
  sections: test.sections.map((section) => ({
    sectionName: section.sectionName,
    sectionType: section.sectionType,
    duration: section.duration,
    items: [...section.items],
    draw: section.draw ?? null,
  })),
});
