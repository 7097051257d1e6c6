import type { ImportedTest } from '@assay/domain';
import type { LibraryList } from '@assay/domain/library';
import { beforeAll, describe, expect, it } from 'vitest';
import { newOrg, type TestOrg } from '../helpers/org.js';
import { personEnv, runAssay } from '../helpers/run-assay.js';

/** Issue 62 item 2: `assay library list|show|import` against a real server, as a team starting out would use it. */
describe('assay library', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    org = await newOrg('Library');
    env = personEnv({ ASSAY_API_KEY: org.apiKey });
  });

  it('lists items by skill and type, shows one with its answer and explanation, and lists the ready tests', async () => {
    const listed = await runAssay(['library', 'list', '--skill', 'git', '--type', 'single_choice', '--size', '5'], env);
    expect({ code: listed.code, stderr: listed.stderr }).toEqual({ code: 0, stderr: '' });
    expect(listed.stdout).toMatch(/^ID\s+TYPE\s+LEVEL\s+SKILLS\s+LICENCE\s+QUESTION$/m);
    expect(listed.stdout).toMatch(/^git-\S+\s+single_choice\s+(junior|mid|senior)\s+Git\s+MIT\s/m);
    expect(listed.stdout).toMatch(/Page 1 of \d+ \(\d+ items\)/);
    const json = JSON.parse((await runAssay(['library', 'list', '--language', 'rust', '--json'], env)).stdout) as LibraryList;
    expect(json.items.every((item) => item.languages.includes('rust'))).toBe(true);

    const shown = await runAssay(['library', 'show', 'git-staged-diff'], env);
    expect(shown.stdout).toContain('Licence:');
    expect(shown.stdout).toMatch(/^\* \d\. `git diff --staged`$/m);
    expect(shown.stdout).toContain('Explanation: ');

    const tests = await runAssay(['library', 'list', '--tests'], env);
    expect(tests.stdout).toMatch(/^backend-java-junior\s+Backend developer, Java\s+junior\s+\d+\s+\d+ min\s/m);
  });

  it('imports a ready test and chosen items as new tests; refuses unknown ids and usage slips', async () => {
    const ready = JSON.parse((await runAssay(['library', 'import', 'data-analyst-sql', '--name', 'Analysts', '--json'], env)).stdout) as ImportedTest;
    expect(ready.testName).toBe('Analysts');
    const chosen = await runAssay(['library', 'import', '--items', 'git-staged-diff,leap-year', '--name', 'Two items'], env);
    expect(chosen.stdout).toMatch(/^Imported "Two items" as test \d+\.$/m);
    const unknown = await runAssay(['library', 'import', '--items', 'nope', '--name', 'X'], env);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('400.139');
    expect((await runAssay(['library', 'import'], env)).code).toBe(2);
    expect((await runAssay(['library', 'import', '--items', 'leap-year'], env)).code).toBe(2);
    expect((await runAssay(['library', 'list', '--level', 'expert'], env)).code).toBe(2);
  });

  it('adds items to an existing test as its next version with --test (decision 1491)', async () => {
    const { testId } = JSON.parse(
      (await runAssay(['library', 'import', '--items', 'git-staged-diff', '--name', 'Growing', '--json'], env)).stdout,
    ) as ImportedTest;
    const added = await runAssay(['library', 'import', '--items', 'leap-year', '--test', String(testId)], env);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain(`Test ${testId} is now at version 2`);
    expect((await org.client.tests.get(testId)).sections.map((section) => section.sectionName)).toEqual(['Questions', 'Coding']);
    expect((await runAssay(['library', 'import', '--items', 'leap-year', '--test', String(testId), '--name', 'X'], env)).code).toBe(2);
  });
});
