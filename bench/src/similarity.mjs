// Similarity between candidates (issue 34, item 1): 1,000 submissions of one question, each fingerprinted and compared
// with every earlier one as it arrives — the work the score job adds per submission, in this process (as the render
// rows measure the renderer). `node bench/src/similarity.mjs [--check] [--quick]` runs it alone; `pnpm bench` adds it.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { comparable, fingerprintsOf, matchRegions, printsOfStored, scoreAgainstEarlier, storedPrints } from '@assay/domain/report';

/** The target: 1,000 submissions of one question compared within 10 s on 2 cores. */
export const SIMILARITY_TARGET_MS = 10_000;

const CORPUS = new URL('../../packages/domain/test/fixtures/similarity/', import.meta.url);

/** A deterministic stream of numbers in [0, 1): the same submissions every run. */
const random = (seed) => {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
};

/**
 * The submissions: each an honest solution of the corpus in its language (Python or JavaScript, half each), its
 * names changed, with a few lines of its own added (helpers, checks, prints: what makes real answers differ), and 2%
 * a disguised copy of an earlier submission (renamed, a comment added). Answers of 15–40 lines, as the corpus's are.
 * The 40 solutions repeat (25 submissions each), so about one pair in fifty is at or above the threshold: far more
 * than a real cohort's, and each of them pays for its regions — a worse case than a real one.
 */
const submissions = (count) => {
  const next = random(34);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const bases = readdirSync(CORPUS).flatMap((problem) =>
    readdirSync(new URL(`${problem}/`, CORPUS))
      .filter((name) => name.startsWith('honest-'))
      .map((name) => ({ language: name.endsWith('.py') ? 'python' : 'javascript', code: readFileSync(new URL(`${problem}/${name}`, CORPUS), 'utf8') })),
  );
  const extraLine = (language, n) => {
    const v = `v${Math.floor(next() * 1000)}`;
    const python = [
      `${v} = len(${pick(['data', 'items', 'text'])}) % ${n + 2}`,
      `if ${v} > ${n}: print("${v}", ${v})`,
      `assert isinstance(${v}, int)`,
      `${v} = [x * ${n} for x in range(${n})]`,
      `${v} = {k: str(k) for k in range(${n})}`,
    ];
    const javascript = [
      `const ${v} = ${pick(['data', 'items', 'text'])}.length % ${n + 2};`,
      `if (${v} > ${n}) console.log('${v}', ${v});`,
      `const ${v} = Array.from({ length: ${n} }, (_, x) => x * ${n});`,
      `let ${v} = 0; while (${v} < ${n}) ${v} += 2;`,
      `const ${v} = new Map([[${n}, '${v}']]);`,
    ];
    return pick(language === 'python' ? python : javascript);
  };
  const made = [];
  for (let index = 0; index < count; index++) {
    if (made.length > 10 && next() < 0.02) {
      const original = pick(made);
      made.push({ language: original.language, code: `// copied\n${original.code.replaceAll('v', 'w')}` });
      continue;
    }
    const base = pick(bases);
    const lines = base.code.split('\n');
    for (let extra = 0; extra < 6 + Math.floor(next() * 10); extra++) lines.splice(0, 0, extraLine(base.language, 1 + Math.floor(next() * 9)));
    made.push({ language: base.language, code: lines.join('\n') });
  }
  return made;
};

/** Each submission on arrival: fingerprinted, its hashes scored against every earlier one's, regions for those above. */
export const compareOnArrival = (list) => {
  /** The stored rows of the question, per token family (JavaScript and Python are never compared). */
  const stored = { python: [], javascript: [] };
  let pairs = 0;
  let regions = 0;
  const started = performance.now();
  for (const { language, code } of list) {
    const subject = comparable(fingerprintsOf(code, language));
    const earlier = stored[language === 'python' ? 'python' : 'javascript'];
    for (const { key } of scoreAgainstEarlier(subject, earlier)) {
      pairs += 1;
      regions += matchRegions(subject, comparable(printsOfStored(earlier[key].prints))).length;
    }
    // What the store keeps (migration 033): the distinct hashes as 32-bit words, the positions as JSON.
    const prints = JSON.parse(JSON.stringify(storedPrints(subject.prints)));
    earlier.push({ key: earlier.length, hashes: Uint32Array.from(subject.distinct), prints });
  }
  return { ms: performance.now() - started, pairs, regions };
};

export const similarityRows = ({ quick = false } = {}) => {
  const count = quick ? 300 : 1_000;
  const list = submissions(count);
  const { ms, pairs, regions } = compareOnArrival(list);
  const note = `${count} submissions, ${(count * (count - 1)) / 2} comparisons, ${pairs} pairs at or above the threshold (${regions} regions); load ${loadavg()[0].toFixed(1)}`;
  return [
    {
      scenario: `similarity: ${count} submissions of one question, each compared on arrival`,
      value: ms,
      unit: 'ms',
      target: SIMILARITY_TARGET_MS,
      pass: ms < SIMILARITY_TARGET_MS,
      note,
    },
  ];
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = new Set(process.argv.slice(2));
  const rows = similarityRows({ quick: args.has('--quick') });
  for (const row of rows)
    console.log(`${row.scenario}: ${row.value.toFixed(0)} ${row.unit} (target < ${row.target}) ${row.pass ? 'pass' : 'MISSED'} — ${row.note}`);
  if (args.has('--check') && rows.some((row) => !row.pass)) process.exit(1);
}
