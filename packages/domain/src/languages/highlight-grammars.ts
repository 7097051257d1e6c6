/**
 * What the report's highlighter needs to know of a language (highlight.ts reads it from the language's profile), and
 * the parts several languages share: the C family's comments and quotes, JavaScript's grammar, SQL's.
 */
export interface Grammar {
  readonly keywords: ReadonlySet<string>;
  /** Keywords in any case (SQL's `select` is `SELECT`). */
  readonly caseInsensitive?: boolean;
  readonly lineComments: readonly string[];
  readonly blockComment?: readonly [string, string];
  /** String delimiters, longest first; those in `multiline` may span lines. */
  readonly strings: readonly string[];
  readonly multiline: ReadonlySet<string>;
  /** Regular expression literals (`/…/flags` where an expression may start). */
  readonly regexLiterals?: boolean;
}

export const words = (list: string): ReadonlySet<string> => new Set(list.split(/\s+/).filter(Boolean));

export const JS_GRAMMAR_WORDS =
  'async await break case catch class const continue debugger default delete do else export extends false finally for from function if import in instanceof let new null of return static super switch this throw true try typeof undefined var void while with yield';

export const C_GRAMMAR_WORDS =
  'auto break case char const continue default do double else enum extern float for goto if inline int long register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while bool true false NULL include define ifdef ifndef endif pragma size_t';

const SQL_KEYWORDS =
  'add all alter and as asc between by case cast check coalesce column constraint count create cross current_date default delete desc distinct drop else end except exists false filter from full group having if in index inner insert integer intersect into is join key left like limit not null offset on or order outer over partition primary real references returning right row select set sum avg min max table text then true union unique update using values varchar view when where window with';

/** The C family's comments and quotes (Java, C, C++, C#, Go, Rust differ in their keywords and a few quotes). */
export const cFamily = (keywords: string, strings: readonly string[] = ['"', "'"], multiline: readonly string[] = []): Grammar => ({
  keywords: words(keywords),
  lineComments: ['//'],
  blockComment: ['/*', '*/'],
  strings,
  multiline: new Set(multiline),
});

export const JAVASCRIPT_GRAMMAR: Grammar = {
  keywords: words(JS_GRAMMAR_WORDS),
  lineComments: ['//'],
  blockComment: ['/*', '*/'],
  strings: ['`', '"', "'"],
  multiline: new Set(['`']),
  regexLiterals: true,
};

export const SQL_GRAMMAR: Grammar = {
  keywords: words(SQL_KEYWORDS),
  caseInsensitive: true,
  lineComments: ['--'],
  blockComment: ['/*', '*/'],
  strings: ["'", '"'],
  multiline: new Set(["'"]),
};
