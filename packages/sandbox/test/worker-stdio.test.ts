import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox, TIME_LIMIT_EXCEEDED } from '../src/index.js';
import type { CaseResult, RunRequest } from '../src/index.js';

/**
 * stdin/stdout questions in Python, JavaScript and TypeScript (decision 1087): the program reads the case's input and
 * prints its answer, judged by the stdio rule like every language's; a wrong answer, a runtime error (at the
 * candidate's line), a time limit, an exit code, and what each language offers to read and print.
 */
const cases = [
  { input: '3\n1 2 3\n', expectedOutput: '6\n' },
  { input: '2\n-5 5\n', expectedOutput: '0\n' },
];
type Language = 'python' | 'javascript' | 'typescript';

/** The sum of the numbers on the second line: right, wrong (the first number only), failing at line 2, looping. */
const PROGRAMS: Readonly<Record<Language, { right: string; wrong: string; error: string; loop: string }>> = {
  python: {
    right: 'input()\nprint(sum(map(int, input().split())))\n',
    wrong: 'input()\nprint(input().split()[0])\n',
    error: 'input()\nprint(undefined_name)\n',
    loop: 'while True:\n    pass\n',
  },
  javascript: {
    right: "const lines = require('fs').readFileSync(0, 'utf8').split('\\n');\nconsole.log(lines[1].split(' ').map(Number).reduce((a, b) => a + b, 0));\n",
    wrong: "const lines = require('fs').readFileSync(0, 'utf8').split('\\n');\nconsole.log(lines[1].split(' ')[0]);\n",
    error: "const lines = require('fs').readFileSync(0, 'utf8').split('\\n');\nconsole.log(lines[7].length);\n",
    loop: 'for (;;) {}\n',
  },
  typescript: {
    right:
      "import { readFileSync } from 'fs';\nconst lines: string[] = readFileSync(0, 'utf8').split('\\n');\nconsole.log(lines[1].split(' ').map(Number).reduce((a: number, b: number) => a + b, 0));\n",
    wrong: "import { readFileSync } from 'fs';\nconst lines: string[] = readFileSync(0, 'utf8').split('\\n');\nconsole.log(lines[1].split(' ')[0]);\n",
    error: "import { readFileSync } from 'fs';\nconsole.log((readFileSync(0, 'utf8').split('\\n')[7] as string).length);\n",
    loop: 'let n: number = 0;\nfor (;;) { n += 1; }\n',
  },
};

const sandbox = new Sandbox({ workers: 1 });
afterAll(() => sandbox.close());

const run = (language: Language, code: string, given = cases): Promise<{ results: CaseResult[] }> =>
  sandbox.run({ form: 'stdio', language, code, cases: given } as RunRequest);

describe.each(Object.keys(PROGRAMS) as Language[])('%s', (language) => {
  const program = PROGRAMS[language];

  it('passes every case when right and fails them when wrong, its printed text as actual', { timeout: 120_000 }, async () => {
    const right = await run(language, program.right);
    expect(
      right.results.map((result) => result.passed),
      JSON.stringify(right),
    ).toEqual([true, true]);
    expect(right.results.map((result) => result.actual)).toEqual(['6\n', '0\n']);
    const wrong = await run(language, program.wrong);
    expect(wrong.results.map((result) => [result.passed, result.actual])).toEqual([
      [false, '1\n'],
      [false, '-5\n'],
    ]);
  });

  it('names the candidate’s line of a runtime error', { timeout: 120_000 }, async () => {
    const { results } = await run(language, program.error);
    expect(results.every((result) => !result.passed && typeof result.error === 'string')).toBe(true);
    expect(results.map((result) => result.errorLocation?.line)).toEqual([2, 2]);
  });

  it('ends a looping program at its time limit, case by case', { timeout: 120_000 }, async () => {
    const { results } = await run(language, program.loop);
    expect(results.map((result) => result.error)).toEqual([TIME_LIMIT_EXCEEDED, TIME_LIMIT_EXCEEDED]);
  });
});

describe('what each language offers a stdio program', () => {
  const one = [{ input: 'ann 3\nbob 4\n', expectedOutput: 'ann\nbob\n7\n' }];

  it('Python: input(), sys.stdin and its buffer; stderr is shown, never compared; sys.exit(n) is the exit code', { timeout: 120_000 }, async () => {
    const code =
      'import sys\nfirst = input().split()\nrest = sys.stdin.read().split()\nprint(first[0]); print(rest[0])\nsys.stderr.write("debug\\n")\nsys.stdout.write(str(int(first[1]) + int(rest[1])) + "\\n")\n';
    const { results } = await run('python', code, one);
    expect(results[0], JSON.stringify(results[0])).toMatchObject({ passed: true, actual: 'ann\nbob\n7\n', output: 'debug\n' });
    const bytes =
      'import sys\nwords = sys.stdin.buffer.read().split()\nsys.stdout.buffer.write(words[0] + b"\\n" + words[2] + b"\\n")\nprint(int(words[1]) + int(words[3]))\n';
    expect((await run('python', bytes, one)).results[0]?.passed).toBe(true);
    const exited = await run('python', 'print("partial")\nimport sys\nsys.exit(3)\n', one);
    expect(exited.results[0]).toMatchObject({ passed: false, actual: 'partial\n', error: 'The program exited with code 3' });
    const clean = await run('python', 'print("ann\\nbob\\n7")\nraise SystemExit\n', one);
    expect(clean.results[0]?.passed).toBe(true);
  });

  it('JavaScript: readline() and print(), the readline module, process.stdin events, process.exit', { timeout: 120_000 }, async () => {
    const globals =
      'const a = readline().split(" ");\nconst b = readline().split(" ");\nprint(a[0]);\nprint(b[0]);\nprint(Number(a[1]) + Number(b[1]));\nconsole.error("debug");\n';
    expect((await run('javascript', globals, one)).results[0]).toMatchObject({ passed: true, output: 'debug\n' });
    const module =
      "const rl = require('readline').createInterface({ input: process.stdin });\nconst seen = [];\nrl.on('line', (line) => seen.push(line.split(' ')));\nrl.on('close', () => {\n  for (const [name] of seen) console.log(name);\n  console.log(seen.reduce((sum, [, n]) => sum + Number(n), 0));\n});\n";
    expect((await run('javascript', module, one)).results[0]?.passed).toBe(true);
    const events =
      "let text = '';\nprocess.stdin.resume();\nprocess.stdin.setEncoding('utf8');\nprocess.stdin.on('data', (chunk) => { text += chunk; });\nprocess.stdin.on('end', () => {\n  const words = text.split(/\\s+/);\n  process.stdout.write(words[0] + '\\n' + words[2] + '\\n' + (Number(words[1]) + Number(words[3])) + '\\n');\n});\n";
    expect((await run('javascript', events, one)).results[0]?.passed).toBe(true);
    const exited = await run('javascript', "console.log('ann');\nprocess.exit(2);\nconsole.log('never');\n", one);
    expect(exited.results[0]).toMatchObject({ passed: false, actual: 'ann\n', error: 'The program exited with code 2' });
    const unknown = await run('javascript', "require('child_process');\n", one);
    expect(unknown.results[0]).toMatchObject({ passed: false, errorLocation: { line: 1 } });
    expect(unknown.results[0]?.error).toMatch(/Cannot find module 'child_process'/);
  });
});
