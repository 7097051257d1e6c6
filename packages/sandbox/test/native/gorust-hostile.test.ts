import { describe, expect, test } from 'vitest';
import type { NativeRunResult } from '../../src/native/native-language.js';
import { TOP_SCORES_SIGNATURE } from '../languages/fixture.js';
import { runNative } from './gorust-context.js';

/**
 * What a candidate's Go, Rust, Ruby or PHP file may try at compile (or load) time ends as a compile error at their
 * own line, inside the jail's limits: no cgo, no embedding of host files, no crates or procedural macros, and
 * explosions stopped by the compiler's own limits or by the compile step's time limit.
 */
const run = (
  language: 'go' | 'rust' | 'ruby' | 'php',
  code: string,
  options: { args?: readonly unknown[][]; limitMs?: number } = {},
): Promise<NativeRunResult> =>
  runNative(
    language,
    {
      form: 'function',
      code,
      functionName: 'topScores',
      signature: TOP_SCORES_SIGNATURE,
      argsJson: (options.args ?? [[[3, 1], 1]]).map((args) => JSON.stringify(args)),
    },
    options.limitMs === undefined
      ? undefined
      : {
          compileLimits: {
            cpuMs: options.limitMs,
            // The processor time stops a compile; a busy machine's wall clock must not (decision 1044).
            wallMs: options.limitMs * 30,
            memoryBytes: 2 ** 30,
            processes: 64,
            openFiles: 64,
            fileBytes: 2 ** 26,
            outputBytes: 2 ** 20,
          },
        },
  );

function firstDiagnostic(result: NativeRunResult): { message: string; line?: number } {
  if (result.kind !== 'compileError') throw new Error(`expected a compile error, got ${JSON.stringify(result)}`);
  return result.diagnostics[0] as { message: string; line?: number };
}

const GO_BODY = 'func topScores(scores []int, k int) []int {\n\treturn scores\n}\n';
const RUST_BODY = 'pub fn topScores(scores: Vec<i32>, k: i32) -> Vec<i32> {\n    scores\n}\n';

describe('Go', () => {
  test('import "C" (cgo) cannot be compiled', async () => {
    const diagnostic = firstDiagnostic(await run('go', `import "C"\n\n${GO_BODY}`));
    expect(diagnostic).toMatchObject({ line: 1, message: expect.stringMatching(/could not import C/) });
  });

  test('//go:embed of a host file is refused', async () => {
    const diagnostic = firstDiagnostic(await run('go', `import _ "embed"\n\n//go:embed /etc/passwd\nvar secret string\n\n${GO_BODY}`));
    expect(diagnostic).toMatchObject({ line: 3, message: expect.stringMatching(/go:embed/) });
  });

  test('a generic instantiation explosion is stopped by the compiler', async () => {
    const diagnostic = firstDiagnostic(await run('go', `func grow[T any](n int) {\n\tif n > 0 {\n\t\tgrow[[]T](n - 1)\n\t}\n}\n\n${GO_BODY}`));
    expect(diagnostic).toMatchObject({ line: 1, message: expect.stringMatching(/instantiation cycle/) });
  });

  test('a function of another signature is told so, without the harness position', async () => {
    const result = await run('go', 'func topScores(scores []int, k int) []int64 {\n\treturn nil\n}\n');
    expect(firstDiagnostic(result).message).toMatch(/does not fit the question's signature \(func topScores\(scores \[\]int, k int\) \[\]int\)/);
    expect(firstDiagnostic(result).line).toBeUndefined();
    expect(result.kind === 'compileError' && result.output).not.toMatch(/main\.go/);
  });
});

describe('Rust', () => {
  test('extern crate finds no crate to load', async () => {
    const diagnostic = firstDiagnostic(await run('rust', `extern crate serde;\n\n${RUST_BODY}`));
    expect(diagnostic).toMatchObject({ line: 1, message: expect.stringMatching(/can't find crate/) });
  });

  test('a procedural macro cannot be defined', async () => {
    const diagnostic = firstDiagnostic(await run('rust', `#[proc_macro]\npub fn evil(input: u8) -> u8 {\n    input\n}\n\n${RUST_BODY}`));
    expect(diagnostic).toMatchObject({ line: 1, message: expect.stringMatching(/proc-macro/) });
  });

  test('include_str! of a host file finds nothing in the jail', async () => {
    const diagnostic = firstDiagnostic(await run('rust', `const SECRET: &str = include_str!("/etc/passwd");\n\n${RUST_BODY}`));
    expect(diagnostic).toMatchObject({ line: 1, message: expect.stringMatching(/couldn't read/) });
  });

  test('a runaway const evaluation is stopped by the compiler', async () => {
    const code = `const fn spin() -> u64 {\n    let mut i: u64 = 0;\n    while i < u64::MAX {\n        i += 1;\n    }\n    i\n}\nconst SPUN: u64 = spin();\n\n${RUST_BODY}`;
    expect(firstDiagnostic(await run('rust', code)).line).toBeGreaterThanOrEqual(1);
  });

  test('a macro explosion hits the compile time limit with a clear message', async () => {
    const code = `macro_rules! blow {\n    () => {};\n    (x $($t:tt)*) => { blow!($($t)*); blow!($($t)*); };\n}\nblow!(x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x);\n\n${RUST_BODY}`;
    expect(firstDiagnostic(await run('rust', code, { limitMs: 2000 })).message).toMatch(
      /^Compiling took more than the 2 s of processor time a compile may use/,
    );
  });

  test('a function of another signature is told so, without the harness position', async () => {
    const result = await run('rust', 'pub fn topScores(scores: Vec<i64>, k: i32) -> Vec<i64> {\n    scores\n}\n');
    expect(firstDiagnostic(result).message).toMatch(/does not fit the question's signature \(pub fn topScores\(scores: Vec<i32>, k: i32\) -> Vec<i32>\)/);
    expect(result.kind === 'compileError' && result.output).not.toMatch(/main\.rs/);
  });
});

describe('the definition and the interpreted languages', () => {
  test("arguments outside the signature's types are the definition's mistake, said in words", async () => {
    const diagnostic = firstDiagnostic(await run('go', GO_BODY, { args: [[[3, 1.5], 1]] }));
    expect(diagnostic.message).toMatch(/test arguments do not fit its signature: case 1, scores\[1\] is not a 32-bit integer/);
  });

  test('a Ruby stack overflow fails its own case only', async () => {
    const result = await run('ruby', 'def topScores(scores, k)\n  return scores if k == 0\n  topScores(scores, k)\nend\n', {
      args: [
        [[3, 1], 1],
        [[3, 1], 0],
      ],
    });
    expect(result.kind === 'ran' && result.cases.map(({ report }) => report)).toEqual([
      expect.objectContaining({ kind: 'error', message: expect.stringMatching(/stack level too deep/), position: { line: 3 } }),
      { kind: 'value', json: '[3,1]' },
    ]);
  });

  test('a PHP fatal error while loading the file (a redeclared function) is a compile error at its line', async () => {
    const diagnostic = firstDiagnostic(await run('php', '<?php\nfunction strlen($text) {\n    return 0;\n}\n'));
    expect(diagnostic).toMatchObject({ line: 2, message: expect.stringMatching(/redeclare/) });
  });
});

describe('a process that dies during a case loses that case only', () => {
  const CRASHERS = {
    go: 'func topScores(scores []int, k int) []int {\n\tif k == 0 {\n\t\treturn topScores(scores, k)\n\t}\n\treturn scores\n}\n',
    rust: 'pub fn topScores(scores: Vec<i32>, k: i32) -> Vec<i32> {\n    if k == 0 {\n        return topScores(scores, k);\n    }\n    scores\n}\n',
    php: '<?php\nfunction topScores($scores, $k) {\n    for ($kept = []; $k === 0; ) $kept[] = str_repeat("x", 1 << 20);\n    return $scores;\n}\n',
  } as const;

  test.each(Object.keys(CRASHERS) as (keyof typeof CRASHERS)[])('%s', async (language) => {
    const result = await run(language, CRASHERS[language], {
      args: [
        [[1], 1],
        [[2], 0],
        [[3], 1],
      ],
    });
    if (result.kind !== 'ran') throw new Error(JSON.stringify(result));
    expect(result.cases.map(({ report }) => report)).toEqual([
      { kind: 'value', json: '[1]' },
      expect.objectContaining({ kind: 'error', message: expect.stringMatching(/ended during this case/) }),
      { kind: 'value', json: '[3]' },
    ]);
  });
});
