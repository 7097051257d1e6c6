import type { LanguageId } from '../languages/language-id.js';

/** A block of code in a reply: its fence's info word ('' for none or indented code) and its text. */
export interface ReplyCodeBlock {
  readonly info: string;
  readonly code: string;
}

const OPENING = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;
const INDENTED = /^( {4}|\t)/;

/** The code blocks of a Markdown reply: fenced (an unclosed fence runs to the end) and indented four spaces or a tab. */
export const codeBlocksOf = (text: string): ReplyCodeBlock[] => {
  const lines = text.split('\n');
  const blocks: ReplyCodeBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const opening = OPENING.exec(line);
    if (opening) {
      const [, fence = '```', info = ''] = opening;
      const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
      const body: string[] = [];
      for (index += 1; index < lines.length && !closing.test(lines[index]!); index += 1) body.push(lines[index]!);
      blocks.push({ info: info.toLowerCase(), code: body.join('\n') });
      continue;
    }
    const previousBlank = index === 0 || lines[index - 1]!.trim() === '';
    if (INDENTED.test(line) && previousBlank) {
      const body: string[] = [];
      for (; index < lines.length && (INDENTED.test(lines[index]!) || lines[index]!.trim() === ''); index += 1) body.push(lines[index]!.replace(INDENTED, ''));
      index -= 1;
      blocks.push({ info: '', code: body.join('\n').trimEnd() });
    }
  }
  return blocks.filter((block) => block.code.trim() !== '');
};

/** Fence info words and the languages they name; `sql` names whichever SQL dialect the question takes. */
const ALIASES: Readonly<Record<string, readonly LanguageId[]>> = {
  js: ['javascript'],
  javascript: ['javascript'],
  jsx: ['javascript'],
  mjs: ['javascript'],
  node: ['javascript'],
  ts: ['typescript'],
  typescript: ['typescript'],
  tsx: ['typescript'],
  py: ['python'],
  python: ['python'],
  python3: ['python'],
  java: ['java'],
  c: ['c'],
  h: ['c'],
  cpp: ['cpp'],
  'c++': ['cpp'],
  cc: ['cpp'],
  cxx: ['cpp'],
  cs: ['csharp'],
  csharp: ['csharp'],
  'c#': ['csharp'],
  go: ['go'],
  golang: ['go'],
  rs: ['rust'],
  rust: ['rust'],
  rb: ['ruby'],
  ruby: ['ruby'],
  php: ['php'],
  sql: ['sqlite', 'postgresql'],
  sqlite: ['sqlite'],
  postgres: ['postgresql'],
  postgresql: ['postgresql'],
  psql: ['postgresql'],
  pgsql: ['postgresql'],
};

/** A coding question as the check needs it: the languages it takes, its form, its function's name. */
export interface CheckedQuestion {
  readonly languages: readonly LanguageId[];
  readonly form: 'function' | 'stdio' | 'sql';
  readonly functionName: string;
}

/** One program the check runs against the hidden tests. */
export interface CodeToCheck {
  readonly language: LanguageId;
  readonly code: string;
}

/** How many of a reply's blocks are run at most (each is a sandbox run), besides their join. */
export const MAX_CHECKED_BLOCKS = 4;

/** The language a block is in: its fence's word among the question's languages, else the one the candidate writes in. */
const languageOf = (block: ReplyCodeBlock, question: CheckedQuestion, preferred: LanguageId): LanguageId | undefined => {
  if (block.info === '') return preferred;
  const named = ALIASES[block.info] ?? [];
  return [preferred, ...question.languages].find((language) => named.includes(language));
};

/** Could this block answer the question at all? A function question's block must name its function; an SQL one must query. */
const couldAnswer = (code: string, question: CheckedQuestion): boolean =>
  question.form === 'function' ? code.includes(question.functionName) : question.form === 'sql' ? /\b(select|with|values)\b/i.test(code) : true;

/**
 * The programs to run for a reply (decision 1166): each block (up to four) in a language the question takes that could
 * answer it, and where a language has several, all of them joined (a solution split across blocks).
 */
export const codeToCheckOf = (blocks: readonly ReplyCodeBlock[], question: CheckedQuestion, preferred: LanguageId): CodeToCheck[] => {
  const runnable = blocks.flatMap((block) => {
    const language = languageOf(block, question, preferred);
    return language && question.languages.includes(language) ? [{ language, code: block.code }] : [];
  });
  const single = runnable.filter((candidate) => couldAnswer(candidate.code, question)).slice(0, MAX_CHECKED_BLOCKS);
  const joined = [...new Set(runnable.map((candidate) => candidate.language))].flatMap((language) => {
    const parts = runnable.filter((candidate) => candidate.language === language);
    const code = parts.map((part) => part.code).join('\n\n');
    return parts.length > 1 && couldAnswer(code, question) ? [{ language, code }] : [];
  });
  return [...single, ...joined];
};

/** A run's verdict: more than half of the hidden tests passed makes it a solution (decision 1166). */
export const isWholeSolution = (passed: number, total: number): boolean => total > 0 && passed * 2 > total;
