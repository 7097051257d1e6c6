import { describe, expect, test } from 'vitest';
import type { NativeCaseReport, NativeRunResult } from '../../src/native/native-language.js';
import type { LanguageFixture } from '../languages/fixture.js';
import { TOP_SCORES_CASES, TOP_SCORES_SIGNATURE, TOP_SCORES_STDIO_CASES } from '../languages/fixture.js';
import { goFixture } from '../languages/go.js';
import { phpFixture } from '../languages/php.js';
import { rubyFixture } from '../languages/ruby.js';
import { rustFixture } from '../languages/rust.js';
import { runNative } from './gorust-context.js';

/** topScores in Go, Rust, Ruby and PHP with the real toolchains in the real jail: every form and every way it ends. */
const FIXTURES = [goFixture, rustFixture, rubyFixture, phpFixture] as const;
type Language = 'go' | 'rust' | 'ruby' | 'php';

const functionRun = (fixture: LanguageFixture, code: string): Promise<NativeRunResult> =>
  runNative(fixture.language as Language, {
    form: 'function',
    code,
    functionName: 'topScores',
    signature: TOP_SCORES_SIGNATURE,
    argsJson: TOP_SCORES_CASES.map((testCase) => JSON.stringify(testCase.args)),
  });

function reports(result: NativeRunResult): NativeCaseReport[] {
  if (result.kind !== 'ran') throw new Error(`expected a run, got ${JSON.stringify(result)}`);
  return result.cases.map((testCase) => testCase.report);
}

const values = (result: NativeRunResult): unknown[] => reports(result).map((report) => (report.kind === 'value' ? JSON.parse(report.json) : report));

describe.each(FIXTURES)('$language', (fixture) => {
  test('a right answer returns every expected value', async () => {
    expect(values(await functionRun(fixture, fixture.correct))).toEqual(TOP_SCORES_CASES.map((testCase) => testCase.expected));
  });

  test('a wrong answer returns its own values', async () => {
    const got = values(await functionRun(fixture, fixture.wrong));
    expect(got).toHaveLength(TOP_SCORES_CASES.length);
    expect(got[0]).toEqual([1, 3]);
  });

  test("a compile error names the candidate's line, never the harness", async () => {
    const { code, line } = fixture.compileError as NonNullable<LanguageFixture['compileError']>;
    const result = await functionRun(fixture, code);
    expect(result.kind).toBe('compileError');
    if (result.kind !== 'compileError') return;
    expect(result.diagnostics[0]?.line).toBe(line);
    expect(result.output).not.toMatch(/main\.(go|rs)|harness/);
    expect(result.output).toMatch(/solution\.(go|rs)|syntax error|unexpected/);
  });

  test("a runtime error is reported per case at the candidate's line", async () => {
    const got = reports(await functionRun(fixture, fixture.runtimeError.code));
    expect(got).toHaveLength(TOP_SCORES_CASES.length);
    for (const report of got) {
      expect(report.kind).toBe('error');
      if (report.kind === 'error') expect(report.position?.line).toBe(fixture.runtimeError.line);
    }
  });

  test('the stdio form prints the answer for each input', async () => {
    const result = await runNative(fixture.language as Language, {
      form: 'stdio',
      code: fixture.stdioCorrect as string,
      inputs: TOP_SCORES_STDIO_CASES.map((testCase) => testCase.input),
    });
    expect(reports(result)).toEqual(TOP_SCORES_STDIO_CASES.map((testCase) => ({ kind: 'stdout', text: testCase.expectedOutput, exitCode: 0 })));
  });

  test("a stdio program that does not compile or parse names the candidate's line", async () => {
    const broken = (fixture.stdioCorrect as string).split('\n');
    broken.splice(2, 0, BROKEN_LINE[fixture.language as Language]);
    const result = await runNative(fixture.language as Language, { form: 'stdio', code: broken.join('\n'), inputs: [TOP_SCORES_STDIO_CASES[0]?.input ?? ''] });
    expect(result.kind).toBe('compileError');
    if (result.kind === 'compileError') expect(result.diagnostics[0]?.line).toBe(3);
  });
});

/** A line that breaks each language's stdio program when put in as its third line. */
const BROKEN_LINE: Readonly<Record<Language, string>> = {
  go: 'import "fmt" +',
  rust: 'fn broken() -> {}',
  ruby: 'puts(1))',
  php: 'function broken( {',
};

test.each(['ruby', 'php'] as const)('%s runs a function question without a signature', async (language) => {
  const fixture = language === 'ruby' ? rubyFixture : phpFixture;
  const result = await runNative(language, {
    form: 'function',
    code: fixture.correct,
    functionName: 'topScores',
    signature: undefined,
    argsJson: TOP_SCORES_CASES.map((testCase) => JSON.stringify(testCase.args)),
  });
  expect(values(result)).toEqual(TOP_SCORES_CASES.map((testCase) => testCase.expected));
});

test.each(['go', 'ruby'] as const)('%s: an endless case ends as time, the cases before it kept', async (language) => {
  const code =
    language === 'go'
      ? 'func topScores(scores []int, k int) []int {\n\tfor k == 0 {\n\t}\n\treturn scores\n}\n'
      : 'def topScores(scores, k)\n  loop {} if k == 0\n  scores\nend\n';
  const limits = { cpuMs: 1000, wallMs: 1500, memoryBytes: 2 ** 30, processes: 64, openFiles: 64, fileBytes: 2 ** 26, outputBytes: 2 ** 20 };
  const result = await runNative(
    language,
    { form: 'function', code, functionName: 'topScores', signature: TOP_SCORES_SIGNATURE, argsJson: ['[[1],1]', '[[2],0]', '[[3],1]'] },
    { runLimits: limits },
  );
  expect(reports(result)).toEqual([{ kind: 'value', json: '[1]' }, { kind: 'time' }, { kind: 'time' }]);
});

/** Each language's topScores that prints k on stdout and on stderr before answering. */
const PRINTERS: Readonly<Record<Language, string>> = {
  go: 'import (\n\t"fmt"\n\t"os"\n)\n\nfunc topScores(scores []int, k int) []int {\n\tfmt.Println("out", k)\n\tfmt.Fprintln(os.Stderr, "err", k)\n\treturn scores[:k]\n}\n',
  rust: 'pub fn topScores(scores: Vec<i32>, k: i32) -> Vec<i32> {\n    println!("out {}", k);\n    eprintln!("err {}", k);\n    scores[..k as usize].to_vec()\n}\n',
  ruby: 'def topScores(scores, k)\n  puts "out #{k}"\n  $stderr.puts "err #{k}"\n  scores.first(k)\nend\n',
  php: '<?php\nfunction topScores($scores, $k) {\n    echo "out $k\\n";\n    fwrite(STDERR, "err $k\\n");\n    return array_slice($scores, 0, $k);\n}\n',
};

test.each(Object.keys(PRINTERS) as Language[])("%s: what a case prints is that case's log", async (language) => {
  const result = await runNative(language, {
    form: 'function',
    code: PRINTERS[language],
    functionName: 'topScores',
    signature: TOP_SCORES_SIGNATURE,
    argsJson: ['[[4,5],1]', '[[4,5],2]'],
  });
  if (result.kind !== 'ran') throw new Error(JSON.stringify(result));
  expect(result.cases.map((testCase) => testCase.log)).toEqual(['out 1\nerr 1\n', 'out 2\nerr 2\n']);
});

test('php: mbstring is loaded (mb_strlen counts characters, not bytes), in both forms', async () => {
  const code = '<?php\nfunction letters($word) {\n    return mb_strlen($word) . "/" . strlen($word) . "/" . mb_strtoupper($word);\n}\n';
  const signature = { params: [{ name: 'word', type: 'string' }], returns: 'string' };
  const result = await runNative('php', { form: 'function', code, functionName: 'letters', signature, argsJson: ['["héllo"]'] });
  expect(values(result)).toEqual(['5/6/HÉLLO']);
  const stdio = await runNative('php', { form: 'stdio', code: '<?php\necho mb_strlen(trim(fgets(STDIN))), "\\n";\n', inputs: ['ünïcödé\n'] });
  expect(reports(stdio)).toEqual([{ kind: 'stdout', text: '7\n', exitCode: 0 }]);
});

test("rust: an answer built of the runtime library's shared collections runs, and a panic in them names the candidate's line", async () => {
  // HashMap, BTreeMap, HashSet, VecDeque and vec! of vectors are compiled in the runtime library (decision 1408): the
  // program calls them there at run time.
  const code = [
    'use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};',
    '',
    'pub fn summary(words: Vec<String>, pick: i32) -> Vec<String> {',
    '    let mut counts: HashMap<String, usize> = HashMap::new();',
    '    for word in &words { *counts.entry(word.to_lowercase()).or_insert(0) += 1; }',
    '    let ordered: BTreeMap<String, usize> = counts.into_iter().collect();',
    '    let distinct: HashSet<char> = words.iter().flat_map(|word| word.chars()).collect();',
    '    let mut queue: VecDeque<String> = ordered.iter().map(|(word, n)| format!("{}={}", word, n)).collect();',
    '    let grid = vec![vec![0i64; 2]; 2];',
    '    queue.push_back(format!("{} letters, grid {}", distinct.len(), grid.len()));',
    '    let kept: Vec<String> = queue.into_iter().collect();',
    '    vec![kept[pick as usize].clone(), kept[kept.len() - 1].clone()]',
    '}',
    '',
  ].join('\n');
  const result = await runNative('rust', {
    form: 'function',
    code,
    functionName: 'summary',
    signature: {
      params: [
        { name: 'words', type: 'string[]' },
        { name: 'pick', type: 'int' },
      ],
      returns: 'string[]',
    },
    argsJson: ['[["b","a","B"],0]', '[["b","a","B"],9]'],
  });
  const got = reports(result);
  expect(got[0]).toEqual({ kind: 'value', json: '["a=1","3 letters, grid 2"]' });
  expect(got[1]).toMatchObject({ kind: 'error', position: { line: 12 } });
});
