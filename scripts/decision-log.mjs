#!/usr/bin/env node
// The decision log: one file per topic under docs/decisions/ (and the speed log, docs/performance.md), numbered
// entries "N. **Title.** …" whose numbers are shared by every file. `node scripts/decision-log.mjs` rewrites the
// index in docs/decisions/README.md; `--check` changes nothing and fails, naming each problem, when the index is
// stale, a number is used twice or out of order in its file, or the code or docs quote a decision that is not there.
// `--root DIR` runs it on another tree (the tests do).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const INDEX_MARK = '<!-- The index below is written by `node scripts/decision-log.mjs`: do not edit it by hand. -->';
const SCANNED = ['apps', 'packages', 'bench', 'scripts', 'docs', '.changeset', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', '.turbo', 'screenshots']);
const SCANNED_FILE = /\.(ts|tsx|mts|mjs|js|md|sh)$/;

/** The files of the log, relative to the root: every topic file, then the speed log. */
const logFiles = (root) => [
  ...readdirSync(join(root, 'docs/decisions'))
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort()
    .map((name) => `docs/decisions/${name}`),
  'docs/performance.md',
];

/** Every entry of the log: its number, its title (without the closing full stop) and its file. */
export const readDecisionLog = (root) =>
  logFiles(root).flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/^(\d+)\. \*\*([\s\S]+?)\*\*/gm)].map(([, number, title]) => ({
      number: Number(number),
      title: title.replace(/\s+/g, ' ').replace(/\.$/, ''),
      file,
    })),
  );

/** The index's table, by number; a number never used says so, so that nobody reads it as lost. */
export const indexTable = (entries) => {
  const byNumber = new Map(entries.map((entry) => [entry.number, entry]));
  const highest = Math.max(...entries.map((entry) => entry.number));
  const rows = [];
  for (let number = 1; number <= highest; number++) {
    const entry = byNumber.get(number);
    // Relative to docs/decisions/, where the index is.
    const href = entry && (entry.file.startsWith('docs/decisions/') ? entry.file.slice('docs/decisions/'.length) : `../${entry.file.slice('docs/'.length)}`);
    const link = `[${href}](${href})`;
    rows.push(entry ? `| ${number} | ${entry.title.replaceAll('|', '\\|')} | ${link} |` : `| ${number} | *(never used)* | |`);
  }
  return ['| # | Decision | File |', '| --- | --- | --- |', ...rows].join('\n');
};

const sourceFiles = (root, path) => {
  const full = join(root, path);
  let stat;
  try {
    stat = statSync(full);
  } catch {
    return [];
  }
  if (stat.isFile()) return SCANNED_FILE.test(path) ? [path] : [];
  return readdirSync(full)
    .filter((name) => !SKIPPED_DIRS.has(name))
    .flatMap((name) => sourceFiles(root, join(path, name)));
};

/** Where code and docs quote the log: "decision 187", "decisions 111–115", `decision 118, "Admin token strength"`. */
export const quotedDecisions = (root) => {
  const own = new Set([...logFiles(root), 'docs/decisions/README.md', 'scripts/decision-log.mjs']);
  return SCANNED.flatMap((path) => sourceFiles(root, path))
    .filter((file) => !own.has(file))
    .flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      const quotes = [...text.matchAll(/\b[Dd]ecisions? (\d+)(?:\s?[–-]\s?(\d+))?(?:, "([^"]+)")?/g)].map(([, first, last, title]) => ({
        file,
        first: Number(first),
        last: Number(last ?? first),
        // A title quoted in a comment may wrap onto the comment's next line.
        title: title?.replace(/\s*\n\s*(?:\*|\/\/)?\s*/g, ' '),
      }));
      const oldLinks = /(?<![\w-])decisions\.md/.test(text) ? [{ file, moved: true }] : [];
      return [...quotes, ...oldLinks];
    });
};

/** Every problem of the log, as sentences; none when it is whole. */
export const problemsOf = (root) => {
  const entries = readDecisionLog(root);
  const problems = [];
  const seen = new Map();
  for (const entry of entries) {
    if (seen.has(entry.number)) problems.push(`decision ${entry.number} is in ${seen.get(entry.number)} and in ${entry.file}`);
    seen.set(entry.number, entry.file);
  }
  for (const file of logFiles(root)) {
    const numbers = entries.filter((entry) => entry.file === file).map((entry) => entry.number);
    const outOfOrder = numbers.find((number, index) => index > 0 && number < numbers[index - 1]);
    if (outOfOrder !== undefined) problems.push(`${file}: decision ${outOfOrder} is out of number order`);
  }
  const byNumber = new Map(entries.map((entry) => [entry.number, entry]));
  for (const quote of quotedDecisions(root)) {
    if (quote.moved) {
      problems.push(`${quote.file} links docs/decisions.md, which is now docs/decisions/ (quote a decision by its number)`);
      continue;
    }
    for (let number = quote.first; number <= quote.last; number++) {
      if (!byNumber.has(number)) problems.push(`${quote.file} quotes decision ${number}, which the log does not have`);
    }
    const entry = byNumber.get(quote.first);
    if (quote.title && entry && !entry.title.toLowerCase().startsWith(quote.title.toLowerCase())) {
      problems.push(`${quote.file} quotes decision ${quote.first} as "${quote.title}", but it is "${entry.title}"`);
    }
  }
  const readme = readFileSync(join(root, 'docs/decisions/README.md'), 'utf8');
  const index = readme.split(INDEX_MARK)[1];
  if (index === undefined) problems.push(`docs/decisions/README.md has no index mark (${INDEX_MARK})`);
  else if (index.trim() !== indexTable(entries)) problems.push('docs/decisions/README.md: the index is stale (run node scripts/decision-log.mjs)');
  return problems;
};

const writeIndex = (root) => {
  const path = join(root, 'docs/decisions/README.md');
  const [head] = readFileSync(path, 'utf8').split(INDEX_MARK);
  writeFileSync(path, `${head.trimEnd()}\n\n${INDEX_MARK}\n\n${indexTable(readDecisionLog(root))}\n`);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rootAt = process.argv.indexOf('--root');
  const root = rootAt > 0 ? process.argv[rootAt + 1] : join(fileURLToPath(new URL('.', import.meta.url)), '..');
  if (!process.argv.includes('--check')) writeIndex(root);
  const problems = problemsOf(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log(`the decision log is whole: ${readDecisionLog(root).length} decisions in docs/decisions/ and docs/performance.md`);
}
