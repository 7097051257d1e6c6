/**
 * A bank's entry once read, whatever its format: the converters (Moodle XML, GIFT; apps/server/src/bank) read a
 * file into these, with every text already in the question text format; `questionOfBankItem` decides what each
 * becomes. Fractions are Moodle's: the percent of the question's marks an answer earns, -100 to 100.
 */
export interface BankOption {
  readonly text: string;
  readonly fraction: number;
  /** Whether the option carried feedback (Assay has no place for it: it is reported). */
  readonly hasFeedback: boolean;
}

export interface BankTextAnswer {
  readonly text: string;
  readonly fraction: number;
  readonly hasFeedback: boolean;
}

export interface BankNumberAnswer {
  /** The number as written, or "*" (any number: Moodle's catch-all). */
  readonly value: string;
  readonly tolerance: number;
  readonly fraction: number;
  readonly hasFeedback: boolean;
}

export type BankBody =
  /** `single`: Moodle's <single>; undefined when the format leaves it to the fractions (GIFT). */
  | { readonly shape: 'choice'; readonly single: boolean | undefined; readonly options: readonly BankOption[] }
  | { readonly shape: 'true-false'; readonly answer: boolean }
  | { readonly shape: 'short'; readonly caseSensitive: boolean; readonly answers: readonly BankTextAnswer[] }
  | { readonly shape: 'numeric'; readonly answers: readonly BankNumberAnswer[] }
  | { readonly shape: 'essay' }
  | { readonly shape: 'unsupported'; readonly why: string };

export interface BankQuestion {
  readonly kind: 'question';
  /** 1 for the file's first question (categories are not counted). */
  readonly index: number;
  readonly name: string;
  /** The type as the bank names it, for the report ("multichoice", "MC", "matching"…). */
  readonly type: string;
  readonly text: string;
  readonly body: BankBody;
  /** The question's marks in the bank (Moodle's defaultgrade); undefined: 1. */
  readonly marks: number | undefined;
  readonly tags: readonly string[];
  /** What the converter already knows it left behind: feedback, images, units, hints… */
  readonly notCarried: readonly string[];
}

/** A category line: the questions after it belong to it, until the next. */
export interface BankCategory {
  readonly kind: 'category';
  /** Moodle's path ("$course$/top/SQL/Joins") or GIFT's. */
  readonly path: string;
}

export type BankItem = BankQuestion | BankCategory;

/** A category's name as a section's: its last step that is not Moodle's "top" or a "$course$"-like context. */
export const sectionNameOfCategory = (path: string): string | undefined =>
  path
    .split('/')
    .map((step) => step.trim())
    .filter((step) => step !== '' && step.toLowerCase() !== 'top' && !/^\$\w+\$$/.test(step))
    .at(-1);
