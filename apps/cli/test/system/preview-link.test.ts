import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { cleanEnv, runAssay } from '../helpers/run-assay.js';

/**
 * Issue 62 item 3 against a real server: `assay tests preview FILE --link` lints the YAML file, then prints a link that
 * opens the real candidate page of it, whose session says it is a preview; `--test ID` does the same for a test the
 * org has; neither leaves an invitation.
 */
const FILE = `# A file being written: the author wants to see it as a candidate will
testName: Previewed from a file
sections:
  - sectionName: Basics
    sectionType: general
    duration: 5
    questions:
      - type: single_choice
        text: Which HTTP status means "not found"?
        options:
          - { text: "200", correct: false }
          - { text: "404", correct: true }
`;

/** The page behind a printed link opens, and its candidate API answers a preview's landing. */
const expectOpens = async (url: string) => {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('data-page="test"');
  const token = new URL(url).pathname.split('/').at(-1)!;
  const session = (await (await fetch(`${serverUrl()}/candidate/v1/${token}`)).json()) as {
    result: { preview?: boolean; state: string; test: { testName: string } };
  };
  expect(session.result).toMatchObject({ preview: true, state: 'Pending' });
  return session.result;
};

describe('assay tests preview --link against a real server', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;
  let dir: string;

  beforeAll(async () => {
    org = await newOrg('Preview links');
    dir = mkdtempSync(join(tmpdir(), 'assay-cli-preview-'));
    env = cleanEnv({ HOME: dir, XDG_CONFIG_HOME: join(dir, '.config'), ASSAY_URL: serverUrl(), ASSAY_API_KEY: org.apiKey });
  });

  it('prints a link of a file that opens its candidate page, recording nothing', async () => {
    const path = join(dir, 'screen.yaml');
    writeFileSync(path, FILE);
    const previewed = await runAssay(['tests', 'preview', path, '--link'], env, 60_000);
    expect(previewed.code, previewed.stderr).toBe(0);
    const [url, words] = previewed.stdout.split('\n');
    expect(url).toMatch(new RegExp(`^${serverUrl()}/t/pv\\.[A-Za-z0-9_-]{43}$`));
    expect(words).toMatch(/recording nothing/);
    expect((await expectOpens(url!)).test.testName).toBe('Previewed from a file');
  });

  it("prints a link of a test the org has, and the test's invitations stay none", async () => {
    const path = join(dir, 'pushed.yaml');
    writeFileSync(path, FILE.replace('Previewed from a file', 'Pushed then previewed'));
    const imported = await runAssay(['tests', 'import', path, '--json'], env, 60_000);
    expect(imported.code, imported.stderr).toBe(0);
    const { testId } = JSON.parse(imported.stdout) as { testId: number };
    const previewed = await runAssay(['tests', 'preview', '--test', String(testId), '--test-version', '1', '--json'], env, 60_000);
    expect(previewed.code, previewed.stderr).toBe(0);
    const { previewUrl } = JSON.parse(previewed.stdout) as { previewUrl: string };
    expect((await expectOpens(previewUrl)).test.testName).toBe('Pushed then previewed');
    const missing = await runAssay(['tests', 'preview', '--test', String(testId), '--test-version', '7'], env, 60_000);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/404\.127|no version 7/);
    const invitations = await runAssay(['invitations', 'list', String(testId), '--json'], env, 60_000);
    expect(invitations.code, invitations.stderr).toBe(0);
    expect(JSON.parse(invitations.stdout)).toMatchObject({ invitations: [] });
  });
});
