import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { cleanEnv, runAssay } from '../helpers/run-assay.js';

/**
 * Issue 62 item 3 against a real server and its sandbox: a YAML test file whose hidden test is wrong is refused by
 * `assay tests lint` naming the line, its C reference solution compiled and run in the jail; a wrong-on-purpose
 * solution that passes every hidden test is an error; a right file pushes as a new test.
 */
const sumsFile = (hiddenTests: string, wrongSolution = 'int add(int a, int b) { return a * b; }') => `# Sums, written by hand
testName: Sums from a file
sections:
  - sectionName: Code
    sectionType: coding
    duration: 15
    questions:
      - type: coding
        text: Write \`add(a, b)\`.
        marks: 3
        languages: [c, python]
        functionName: add
        signature: { params: [{ name: a, type: int }, { name: b, type: int }], returns: int }
        hiddenTests:
${hiddenTests}
        referenceSolutions:
          - language: c
            code: |
              int add(int a, int b) {
                return a + b;
              }
          - language: python
            code: |
              def add(a, b):
                  return a + b
        wrongSolutions:
          - language: c
            code: ${wrongSolution}
`;

const RIGHT = ['          - { args: [1, 2], expected: 3 }', '          - { args: [2, 2], expected: 4 }', '          - { args: [0, 7], expected: 7 }'];
/** hiddenTests start on line 15 of the file. */
const FIRST_TEST_LINE = 15;

describe('assay tests lint|push FILE.yaml against a real server and jail', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;
  let dir: string;
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  beforeAll(async () => {
    org = await newOrg('Test files');
    dir = mkdtempSync(join(tmpdir(), 'assay-cli-test-files-'));
    env = cleanEnv({ HOME: dir, XDG_CONFIG_HOME: join(dir, '.config'), ASSAY_URL: serverUrl(), ASSAY_API_KEY: org.apiKey });
  });

  it('refuses a wrong hidden test naming its line, from the C and Python reference solutions run on the server', async () => {
    const wrong = write('wrong-test.yaml', sumsFile([RIGHT[0], '          - { args: [2, 2], expected: 5 }', RIGHT[2]].join('\n')));
    const linted = await runAssay(['tests', 'lint', wrong], env, 120_000);
    expect(linted.code, linted.stderr).toBe(1);
    const at = `${wrong}:${FIRST_TEST_LINE + 1}:13: sections[0].questions[0].hiddenTests[1]: `;
    expect(linted.stdout.split('\n')).toEqual([
      `${at}reference solution (referenceSolutions[0], C) fails hidden test 2: expected 5, got 4`,
      `${at}reference solution (referenceSolutions[1], Python) fails hidden test 2: expected 5, got 4`,
      '',
    ]);
    expect(linted.stderr).toBe(`lint: 2 problems in ${wrong}.\n`);
  });

  it('says the hidden tests accept a wrong answer when the wrong C solution passes them all, at its line', async () => {
    const weak = write('weak.yaml', sumsFile(RIGHT[1]!));
    const linted = await runAssay(['tests', 'lint', weak], env, 120_000);
    expect(linted.code, linted.stderr).toBe(1);
    expect(linted.stdout).toBe(
      `${weak}:${FIRST_TEST_LINE + 12}:13: sections[0].questions[0].wrongSolutions[0]: your hidden tests accept a wrong answer: wrong solution (wrongSolutions[0], C) passes all 1 of them\n`,
    );
  });

  it('refuses a file carrying more solutions than one check runs (400.131, the count and the cap), pushing nothing', async () => {
    const solution = '          - language: python\n            code: "def add(a, b):\\n    return a + b\\n"';
    const tenEach = `        referenceSolutions:\n${Array(10).fill(solution).join('\n')}\n        wrongSolutions:\n${Array(10).fill(solution).join('\n')}\n`;
    const question = `      - type: coding\n        text: Add.\n        languages: [python]\n        functionName: add\n        hiddenTests:\n          - { args: [1, 2], expected: 3 }\n${tenEach}`;
    const crowded = write(
      'crowded.yaml',
      `testName: Crowded\nsections:\n  - sectionName: Code\n    sectionType: coding\n    duration: 15\n    questions:\n${question.repeat(4)}`,
    );
    const before = (await org.client.tests.list()).testsCount ?? 0;
    for (const command of ['lint', 'push']) {
      const refused = await runAssay(['tests', command, crowded], env);
      expect(refused.code, refused.stderr).toBe(1);
      expect(refused.stderr).toContain('400.131');
      expect(refused.stderr).toContain('The definition carries 80 reference and wrong solutions; one check runs at most 60.');
    }
    expect((await org.client.tests.list()).testsCount).toBe(before);
  });

  it('lints a right file ok, pushes it as a new test, and imports the same YAML with tests import', async () => {
    const right = write('right.yaml', sumsFile(RIGHT.join('\n')));
    const linted = await runAssay(['tests', 'lint', right], env, 120_000);
    expect(linted, linted.stderr).toMatchObject({
      code: 0,
      stdout: `${right}: ok (3 solutions run: 2 reference solutions pass every hidden test, 1 wrong solution fails at least one)\n`,
    });
    const pushed = await runAssay(['tests', 'push', right, '--json'], env, 120_000);
    expect(pushed.code, pushed.stderr).toBe(0);
    const { testId } = JSON.parse(pushed.stdout) as { testId: number };
    expect(await org.client.tests.get(testId)).toMatchObject({ testName: 'Sums from a file', questions: 1, duration: 15 });
    const imported = await runAssay(['tests', 'import', right], env);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(new RegExp(`A test with the same content already exists as test ${testId}\\.`));

    // Issue 62 item 4: the same file pushed to the test makes nothing; a changed one its next version.
    const again = await runAssay(['tests', 'push', right, '--test', String(testId)], env, 120_000);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`Test ${testId} is already this file (version 1): no version made.`);
    const longer = write('longer.yaml', sumsFile(RIGHT.join('\n')).replace('duration: 15', 'duration: 20'));
    const versioned = await runAssay(['tests', 'push', longer, '--test', String(testId)], env, 120_000);
    expect(versioned.code, versioned.stderr).toBe(0);
    expect(versioned.stdout).toContain(`Test ${testId} is now at version 2: invitations not started take it; attempts already started keep theirs.`);
    expect(await org.client.tests.get(testId)).toMatchObject({ testId, duration: 20 });
    expect((await org.client.tests.versions(testId)).versions.map((version) => [version.version, version.duration, version.current])).toEqual([
      [1, 15, false],
      [2, 20, true],
    ]);
    const missing = await runAssay(['tests', 'push', longer, '--test', '99999999'], env, 120_000);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('404.2');
  });
});
