// `node [--cpu-prof] bench/src/workbook-alone.mjs [--rows N] [--root /other/clone]`: the workbook thread's work alone —
// `writeTestWorkbook` of the built @assay/reports writing N Candidates rows and N Questions rows shaped like the
// bench's realistic test (4 sections; 36 questions, 5 of them coding; a Questions row as the texts scoring stored where
// the clone's workbook reads them), made in memory beforehand, into an output that
// only counts the bytes. Prints the wall time, this thread's CPU and the other threads' (libuv's pool: zlib), so the
// workbook's writing can be profiled on the main thread (a worker thread ended by its pool writes no --cpu-prof).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, root: { type: 'string' } } });
const root = values.root ?? fileURLToPath(new URL('../../', import.meta.url));
const { writeTestWorkbook } = await import(pathToFileURL(join(root, 'packages/reports/dist/index.js')).href);
const domain = await import(pathToFileURL(join(root, 'packages/domain/dist/index.js')).href);

const count = Number(values.rows);
const sections = ['Aptitude', 'Algorithms', 'JavaScript', 'SQL'].map((sectionName, index) => ({
  sectionName,
  sectionType: index === 1 ? 'Coding Questions' : 'General Questions',
  questions: 9,
  duration: 20,
}));
const test = { testId: 7, testName: 'Realistic screen', accessKey: 'AK-7', duration: 80, questions: 36, testStatus: 'Active', sections };
const columns = Array.from({ length: 36 }, (_, index) => ({
  number: index + 1,
  questionId: 100 + index,
  marks: index % 9 === 0 ? 10 : 2,
  text: `Question ${index + 1}: what does this code print?`,
  coding: index % 9 === 0 || index === 10,
}));

const rows = [];
for (let n = 1; n <= count; n++) {
  const started = new Date(Date.UTC(2026, 10, 1 + (n % 20), 9, n % 60, (n * 7) % 60));
  const scores = sections.flatMap((_, index) => [(n * (index + 3)) % 21, 20]);
  rows.push({
    kind: 'candidate-cells',
    cells: [n, `Bulk Candidate ${n}`, `bulk${n}@example.com`, 'Completed', 'Generated', started, 41, (n % 73) + 0.5, 80, n % 3, n % 5, ...scores],
  });
}
rows.push({ kind: 'questions-header', columns });
for (let n = 1; n <= count; n++) {
  const who = { testInvitationId: n, emailId: `bulk${n}@example.com`, fullName: `Bulk Candidate ${n}` };
  const results = columns.map((column) => ({
    questionId: column.questionId,
    marks: (n + column.number) % 3 === 0 ? 0 : column.marks / 2,
    cases: column.coding ? Array.from({ length: 5 }, (_, index) => (n + index) % 3 !== 0) : null,
  }));
  const coding = columns
    .filter((column) => column.coding)
    .map((column) => ({ questionId: column.questionId, language: n % 2 ? 'python' : 'javascript', answered: true }));
  // As the export sends a scored attempt (decision 423) when this clone's workbook reads texts; as cells before.
  if (domain.resultsTextOf && domain.readResultsText) {
    rows.push({ kind: 'questions-texts', ...who, results: domain.resultsTextOf(results), coding: domain.codingTextOf(coding) });
  } else {
    const cells = results.flatMap(({ marks, cases }, index) =>
      columns[index].coding ? [marks, coding[0].language, `${cases.filter(Boolean).length}/${cases.length}`] : [marks],
    );
    rows.push({ kind: 'questions-row', ...who, cells });
  }
}

async function* fromArray(items) {
  for (const item of items) yield item;
}

const threadSeconds = (tid) => {
  const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const before = threadSeconds(process.pid);
const beforeAll = process.cpuUsage();
let bytes = 0;
const output = new Writable({
  write(chunk, _encoding, done) {
    bytes += chunk.length;
    done();
  },
});
const started = performance.now();
await writeTestWorkbook(output, test, fromArray(rows));
const wall = (performance.now() - started) / 1000;
const own = threadSeconds(process.pid) - before;
const all = process.cpuUsage(beforeAll);
const total = (all.user + all.system) / 1e6;
console.log(
  `${root}: ${count} rows in ${wall.toFixed(2)} s, ${(bytes / 2 ** 20).toFixed(1)} MB; CPU: this thread ${own.toFixed(2)} s, others ${(total - own).toFixed(2)} s`,
);
