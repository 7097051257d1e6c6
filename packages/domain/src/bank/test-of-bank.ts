import { type Result, ok, refuse } from '../result.js';
import { QuestionDefinition, type SectionDefinition, TestDefinition } from '../schemas/test-definition.js';
import { describeIssues } from '../validation-message.js';
import { type NotCarriedBankPart, type SkippedBankItem, DEFAULT_MINUTES_PER_QUESTION } from './bank-import.js';
import { type BankItem, type BankQuestion, sectionNameOfCategory } from './bank-item.js';
import { questionOfBankItem } from './question-of-bank-item.js';

/** A section holds at most this many questions (SectionDefinition): a bigger category is split. */
const SECTION_QUESTIONS = 500;
const MAX_SECTION_MINUTES = 600;
const DEFAULT_SECTION = 'Imported questions';

export interface BankTestOptions {
  readonly testName?: string | undefined;
  readonly minutesPerQuestion?: number | undefined;
}

/** The test a bank makes, and the report of what it could not carry over. */
export interface BankTest {
  readonly definition: TestDefinition;
  readonly importedCount: number;
  readonly skipped: readonly SkippedBankItem[];
  readonly notCarried: readonly NotCarriedBankPart[];
}

/**
 * A bank read into items becomes one test: a section per category (in the order they first appear), each question
 * checked as the test definition checks it. A question that does not fit is skipped with why; the test is refused
 * only when no question fits (400.137) or the whole does not (400.138: too many sections, too many minutes).
 */
export const testOfBank = (items: readonly BankItem[], options: BankTestOptions = {}): Result<BankTest> => {
  const groups = new Map<string, QuestionDefinition[]>();
  const skipped: SkippedBankItem[] = [];
  const notCarried: NotCarriedBankPart[] = [];
  let section = DEFAULT_SECTION;
  let firstCategory: string | undefined;
  let questions = 0;
  for (const item of items) {
    if (item.kind === 'category') {
      const named = sectionNameOfCategory(item.path);
      section = named?.slice(0, 200) ?? DEFAULT_SECTION;
      firstCategory ??= named;
      continue;
    }
    questions += 1;
    const outcome = questionOfBankItem(item);
    if ('skip' in outcome) {
      skipped.push(skippedOf(item, outcome.skip));
      continue;
    }
    const parsed = QuestionDefinition.safeParse(outcome.question);
    if (!parsed.success) {
      skipped.push(skippedOf(item, describeIssues(parsed.error.issues)));
      continue;
    }
    groups.set(section, [...(groups.get(section) ?? []), parsed.data]);
    for (const what of outcome.notCarried) notCarried.push({ index: item.index, name: item.name, what });
  }
  const importedCount = questions - skipped.length;
  if (importedCount === 0) return refuse('bank-has-no-question', nothingToImport(questions, skipped));
  const minutes = options.minutesPerQuestion ?? DEFAULT_MINUTES_PER_QUESTION;
  const sections = [...groups].flatMap(([name, group]) => sectionsOf(name, group, minutes));
  const testName = options.testName ?? firstCategory ?? 'Imported bank';
  const definition = TestDefinition.safeParse({ testName, sections });
  if (!definition.success) {
    return refuse(
      'bank-does-not-fit',
      `The test made of the bank's ${importedCount} questions is not one Assay can keep: ${describeIssues(definition.error.issues)}.`,
    );
  }
  return ok({ definition: definition.data, importedCount, skipped, notCarried });
};

const skippedOf = (item: BankQuestion, why: string): SkippedBankItem => ({ index: item.index, name: item.name, type: item.type, why });

function sectionsOf(name: string, questions: readonly QuestionDefinition[], minutesPerQuestion: number): SectionDefinition[] {
  const sections: SectionDefinition[] = [];
  for (let start = 0; start < questions.length; start += SECTION_QUESTIONS) {
    const part = questions.slice(start, start + SECTION_QUESTIONS);
    const duration = Math.min(MAX_SECTION_MINUTES, Math.max(1, Math.ceil(part.length * minutesPerQuestion)));
    const sectionName = start === 0 ? name : `${name.slice(0, 190)} (${start / SECTION_QUESTIONS + 1})`;
    sections.push({ sectionName, sectionType: 'general', duration, questions: part });
  }
  return sections;
}

function nothingToImport(questions: number, skipped: readonly SkippedBankItem[]): string {
  if (questions === 0) return 'The bank holds no question: nothing was imported.';
  const first = skipped
    .slice(0, 3)
    .map((item) => `#${item.index}${item.name === '' ? '' : ` "${item.name}"`} (${item.type}): ${item.why}`)
    .join('; ');
  return `None of the bank's ${questions} questions can be imported, so no test was made. ${first}${skipped.length > 3 ? '; …' : ''}.`;
}
