/**
 * How similarity reads a language's answers (similarity/code-tokens.ts): which comments and quotes it has, and which
 * words stay as written (keywords and well-known builtins: renaming a variable never changes them, and they are what
 * tells two honest solutions apart). `comparedWith`: the language whose answers these are compared with (TypeScript
 * reads as JavaScript); absent, only its own.
 */
export interface TokenReading {
  /** `#` comments, Python's string prefixes and triple quotes (Python, Ruby); otherwise `//`, `/* *\/` and backquotes. */
  readonly hashComments: boolean;
  readonly keptWords: ReadonlySet<string>;
  readonly comparedWith?: string;
}

const wordSet = (list: string): ReadonlySet<string> => new Set(list.split(/\s+/).filter(Boolean));

/** JavaScript's and TypeScript's kept words, also the common C-family ones every C-like language keeps. */
export const JS_KEPT_WORDS = wordSet(
  'break case catch class const continue debugger default delete do else export extends false finally for function if import in ' +
    'instanceof let new null of return super switch this throw true try typeof undefined var void while with yield async await static ' +
    'get set type interface enum implements as number string boolean any unknown never readonly ' +
    'Math Number String Array Object JSON Set Map parseInt parseFloat console Infinity NaN BigInt Boolean',
);

/** A C-like language's reading: JavaScript's kept words (the common C-family ones) beside its own reserved words. */
export const cLikeReading = (reserved: ReadonlySet<string>): TokenReading => ({ hashComments: false, keptWords: new Set([...JS_KEPT_WORDS, ...reserved]) });
