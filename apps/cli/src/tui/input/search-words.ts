/** The words of a search, lower-cased; blank text has none. */
export const searchWords = (query: string): string[] =>
  query
    .toLowerCase()
    .split(/\s+/u)
    .filter((word) => word !== '');

/**
 * Whether a row's texts answer a search: every word of the query appears (case-insensitive, anywhere) in one of
 * the texts, in any order, so "growth python" finds "Senior Growth - Python Coding Screen" (decision 795). A blank
 * query matches everything.
 */
export const matchesWords = (texts: readonly string[], query: string): boolean => {
  const haystacks = texts.map((text) => text.toLowerCase());
  return searchWords(query).every((word) => haystacks.some((text) => text.includes(word)));
};
