import type { LanguageId } from './language-id.js';

/** What the report's highlighter needs to know of a language (highlight.ts reads it). */
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

const words = (list: string): ReadonlySet<string> => new Set(list.split(/\s+/).filter(Boolean));

const JS_KEYWORDS =
  'async await break case catch class const continue debugger default delete do else export extends false finally for from function if import in instanceof let new null of return static super switch this throw true try typeof undefined var void while with yield';

const C_KEYWORDS =
  'auto break case char const continue default do double else enum extern float for goto if inline int long register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while bool true false NULL include define ifdef ifndef endif pragma size_t';

const SQL_KEYWORDS =
  'add all alter and as asc between by case cast check coalesce column constraint count create cross current_date default delete desc distinct drop else end except exists false filter from full group having if in index inner insert integer intersect into is join key left like limit not null offset on or order outer over partition primary real references returning right row select set sum avg min max table text then true union unique update using values varchar view when where window with';

/** The C family's comments and quotes (Java, C, C++, C#, Go, Rust differ in their keywords and a few quotes). */
const cFamily = (keywords: string, strings: readonly string[] = ['"', "'"], multiline: readonly string[] = []): Grammar => ({
  keywords: words(keywords),
  lineComments: ['//'],
  blockComment: ['/*', '*/'],
  strings,
  multiline: new Set(multiline),
});

const JAVASCRIPT: Grammar = {
  keywords: words(JS_KEYWORDS),
  lineComments: ['//'],
  blockComment: ['/*', '*/'],
  strings: ['`', '"', "'"],
  multiline: new Set(['`']),
  regexLiterals: true,
};

const SQL: Grammar = {
  keywords: words(SQL_KEYWORDS),
  caseInsensitive: true,
  lineComments: ['--'],
  blockComment: ['/*', '*/'],
  strings: ["'", '"'],
  multiline: new Set(["'"]),
};

/** One grammar per language: a new language fails to compile here until the report can highlight it. */
export const GRAMMARS = {
  javascript: JAVASCRIPT,
  typescript: {
    ...JAVASCRIPT,
    keywords: words(
      `${JS_KEYWORDS} abstract any as boolean declare enum implements interface keyof namespace never number private protected public readonly string type unknown`,
    ),
  },
  python: {
    keywords: words(
      'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield self print len range',
    ),
    lineComments: ['#'],
    strings: ['"""', "'''", '"', "'"],
    multiline: new Set(['"""', "'''"]),
  },
  java: cFamily(
    'abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for if implements import instanceof int interface long native new null package private protected public record return short static super switch synchronized this throw throws transient true false try var void volatile while yield String',
    ['"""', '"', "'"],
    ['"""'],
  ),
  c: cFamily(C_KEYWORDS),
  cpp: cFamily(
    `${C_KEYWORDS} auto catch class constexpr delete explicit friend mutable namespace new noexcept nullptr operator private protected public template this throw try typename using virtual std string vector map`,
  ),
  csharp: cFamily(
    'abstract as base bool break byte case catch char checked class const continue decimal default delegate do double else enum event explicit extern false finally fixed float for foreach get goto if implicit in int interface internal is lock long namespace new null object operator out override params private protected public readonly ref return sbyte sealed set short sizeof static string struct switch this throw true try typeof uint ulong unchecked unsafe ushort using var virtual void volatile while yield',
    ['"""', '"', "'"],
    ['"""'],
  ),
  go: cFamily(
    'break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var true false nil int int64 float64 string bool byte rune error make len append',
    ['`', '"', "'"],
    ['`'],
  ),
  // A quote in Rust also opens a lifetime (`'a`): only double quotes are strings, which may span lines.
  rust: cFamily(
    'as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while i32 i64 f64 bool char str String Vec HashMap Option Some None Result Ok Err',
    ['"'],
    ['"'],
  ),
  ruby: {
    keywords: words(
      'BEGIN END alias and begin break case class def defined? do else elsif end ensure false for if in module next nil not or puts redo rescue retry return self super then true undef unless until when while yield attr_accessor require',
    ),
    lineComments: ['#'],
    strings: ['"', "'"],
    multiline: new Set(['"', "'"]),
  },
  php: {
    keywords: words(
      'abstract and array as break callable case catch class clone const continue declare default do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile extends false final finally fn for foreach function global if implements include instanceof insteadof interface isset list match namespace new null or print private protected public readonly require return static switch throw trait true try unset use var while yield int float string bool php',
    ),
    lineComments: ['//', '#'],
    blockComment: ['/*', '*/'],
    strings: ['"', "'"],
    multiline: new Set(['"', "'"]),
  },
  sqlite: SQL,
  postgresql: SQL,
} satisfies Record<LanguageId, Grammar>;

/** Other names a report may carry for a language (an old export, a hand-made sample). */
export const ALIASES: Readonly<Record<string, LanguageId>> = {
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  python3: 'python',
  'c++': 'cpp',
  'c#': 'csharp',
  cs: 'csharp',
  golang: 'go',
  rs: 'rust',
  rb: 'ruby',
  sql: 'sqlite',
};
