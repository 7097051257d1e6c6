import { CodingLanguage, codingLanguageName, formatWireDateTime } from '@assay/domain';

/**
 * Reads a report score string (spec 2.5: `score` and `totalScore` are Strings, `score` may be negative) as a number.
 * Undefined when the text is blank or not a finite decimal number, so callers can keep the original text.
 */
export const parseScore = (text: string): number | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
};

/** `YYYY-MM-DDTHH:MM:SS` (the wire format, UTC) as `YYYY-MM-DD HH:MM:SS UTC` for people. */
export const displayWireDateTime = (wire: string): string => `${wire.replace('T', ' ')} UTC`;

/** An instant (epoch ms) as `YYYY-MM-DD HH:MM:SS UTC`. */
export const displayInstant = (epochMs: number): string => displayWireDateTime(formatWireDateTime(epochMs));

/** The languages of a candidate's coding answers for people: `Python, TypeScript`; unknown names as stored. */
export const displayLanguages = (languages: readonly string[]): string =>
  languages
    .map((language) => {
      const known = CodingLanguage.safeParse(language);
      return known.success ? codingLanguageName(known.data) : language;
    })
    .join(', ');
