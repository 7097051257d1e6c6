import type { TestDetails } from '@assay/domain';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HOSTILE_NAME, HOSTILE_NAME_SHOWN, RAW_SEQUENCES } from '../helpers/hostile-text.js';
import { refused, startHostileServer, succeeded, type HostileServer } from '../helpers/hostile-server.js';
import { completeAttempt, importExample, newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { cleanEnv, runAssay, startAssay, type AssayRun } from '../helpers/run-assay.js';
import { storeCandidateName, storeLinkName, storeTestNames } from '../helpers/stored-data.js';

/** Every raw sequence of the hostile name that an output holds (none, for output to people). */
const rawIn = (text: string) => RAW_SEQUENCES.filter((sequence) => text.includes(sequence));

/**
 * Issue 27, item 1: a candidate's name (and a test's, a link's, a server's message) stored with terminal controls
 * before the API refused them. The built `assay`, run as a process, prints it for people with each control
 * visible and none obeyed; `--json` keeps the exact value.
 */
describe('text from the server on the terminal, from the built assay', () => {
  let org: TestOrg;
  let env: NodeJS.ProcessEnv;
  let test: TestDetails;
  let invitationId: number;
  let linkId: number;

  beforeAll(async () => {
    org = await newOrg('Terminal injection');
    const home = mkdtempSync(join(tmpdir(), 'assay-cli-hostile-'));
    env = cleanEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ASSAY_URL: serverUrl(), ASSAY_API_KEY: org.apiKey });
    test = await importExample(org.client, 'javascript-fundamentals');
    // Before anything reads the test: the server keeps an imported test's facts once read (they never change through
    // the API), so a name written behind its back afterwards would never be seen (decision 354).
    await storeTestNames(test.testId, HOSTILE_NAME);
    const link = await org.client.testLinks.create(test.testId, { testLinkName: 'Spring', accessTime: 0 });
    linkId = link.testLinkId;
    const registration = await org.client.invitations.register(test.testId, { emailId: 'eve@example.com', fullName: 'Eve Placeholder' });
    invitationId = registration.testInvitationId;
    await completeAttempt(org.client, registration.takeTestURL);
    await storeCandidateName(invitationId, HOSTILE_NAME);
    await storeLinkName(linkId, HOSTILE_NAME);
  });

  const human = async (args: string[]): Promise<AssayRun> => {
    const run = await runAssay(args, env);
    expect({ args, code: run.code, stderr: run.stderr, raw: rawIn(run.stdout) }).toEqual({ args, code: 0, stderr: '', raw: [] });
    return run;
  };

  it('shows the name in the report with every control visible, and obeys none', async () => {
    const report = await human(['report', String(invitationId)]);
    expect(report.stdout).toContain(`Candidate:    ${HOSTILE_NAME_SHOWN} <eve@example.com>`);
    expect(report.stdout).toContain(`Test:         ${HOSTILE_NAME_SHOWN}`);
    expect((await human(['report', String(invitationId), '--sections'])).stdout).toContain(`${HOSTILE_NAME_SHOWN} #1`);
  });

  it('shows the test and link names in every table and field, one line each', async () => {
    const list = await human(['tests', 'list']);
    expect(list.stdout).toContain(HOSTILE_NAME_SHOWN);
    expect((await human(['tests', 'show', String(test.testId)])).stdout).toContain(`${HOSTILE_NAME_SHOWN} #1`);
    expect((await human(['links', 'list', String(test.testId)])).stdout).toContain(HOSTILE_NAME_SHOWN);
    expect((await human(['links', 'show', String(test.testId), String(linkId)])).stdout).toContain(`Link:        ${HOSTILE_NAME_SHOWN} (#${linkId}`);
  });

  it('keeps the exact value in --json, with no raw control in the text (C1 and bidi as \\u escapes)', async () => {
    for (const args of [
      ['report', String(invitationId), '--json'],
      ['tests', 'list', '--json'],
      ['links', 'show', String(test.testId), String(linkId), '--json'],
    ]) {
      const run = await runAssay(args, env);
      expect({ args, code: run.code, raw: rawIn(run.stdout) }).toEqual({ args, code: 0, raw: [] });
      expect(run.stdout).toContain(String.raw`\u009b31m\u202eevil`);
      expect(JSON.stringify(JSON.parse(run.stdout))).toContain(JSON.stringify(HOSTILE_NAME).slice(1, -1));
    }
    expect(JSON.parse((await runAssay(['report', String(invitationId), '--json'], env)).stdout)).toMatchObject({
      fullName: HOSTILE_NAME,
      testName: HOSTILE_NAME,
    });
  });

  describe('from a server that puts controls in its messages and URLs', () => {
    let hostile: HostileServer;
    beforeAll(async () => {
      hostile = await startHostileServer(
        {
          '/v2/org/tests/1/register': succeeded({ testInvitationId: 7, takeTestURL: `http://x/t/${HOSTILE_NAME}` }),
          '/v2/org/report/7': succeeded({}),
          '/v2/org/testinvitation/8/reattempt': succeeded({ testInvitationId: 9, takeTestURL: 'javascript:alert(1)' }),
          '/v2/org/report/': { status: 200, contentType: 'text/html', body: `<html>${HOSTILE_NAME}</html>` },
          '/v2/org/events': succeeded({
            events: [{ type: 'completed', at: '2026-04-01T09:00:00.000Z', testInvitationId: 4, testId: 1, emailId: `${HOSTILE_NAME}@example.com` }],
            next: null,
          }),
        },
        refused(403, '403.4', `Refused for ${HOSTILE_NAME}`),
      );
    });
    afterAll(() => hostile?.close());

    it('writes its refusals and unreadable answers to stderr with every control visible', async () => {
      const at = { ...env, ASSAY_URL: hostile.url };
      const refusal = await runAssay(['tests', 'list'], at);
      expect({ code: refusal.code, stdout: refusal.stdout, raw: rawIn(refusal.stderr) }).toEqual({ code: 1, stdout: '', raw: [] });
      expect(refusal.stderr).toBe(`403.4: Refused for ${HOSTILE_NAME_SHOWN}\n`);
      const unreadable = await runAssay(['report', '3'], at);
      expect({ code: unreadable.code, raw: rawIn(unreadable.stderr) }).toEqual({ code: 1, raw: [] });
      expect(unreadable.stderr).toContain(HOSTILE_NAME_SHOWN);
    });

    it('prints its events with every control visible, as a list and as they come (--follow)', async () => {
      const at = { ...env, ASSAY_URL: hostile.url, ASSAY_FOLLOW_INTERVAL_MS: '100' };
      const list = await runAssay(['events'], at);
      expect({ code: list.code, raw: rawIn(list.stdout) }).toEqual({ code: 0, raw: [] });
      expect(list.stdout).toContain(`${HOSTILE_NAME_SHOWN}@example.com`);
      const follow = startAssay(['events', '--follow', '--from', '2026-04-01T00:00:00Z'], at);
      await vi.waitFor(() => expect(follow.output.stdout).toContain('invitation 4'), { timeout: 15_000 });
      follow.child.kill('SIGINT');
      expect(await follow.exited).toBe(0);
      expect(rawIn(follow.output.stdout)).toEqual([]);
      expect(follow.output.stdout).toContain(`${HOSTILE_NAME_SHOWN}@example.com`);
    });

    it('never prints a take-test URL that is not a plain http(s) URL', async () => {
      const at = { ...env, ASSAY_URL: hostile.url };
      const invite = await runAssay(['invite', '1', '--email', 'eve@example.com', '--name', 'Eve'], at);
      expect({ code: invite.code, stdout: invite.stdout, raw: rawIn(invite.stderr) }).toEqual({ code: 1, stdout: '', raw: [] });
      expect(invite.stderr).toMatch(/^unreadable answer: /);
      const reattempt = await runAssay(['invitations', 'reattempt', '8'], at);
      expect({ code: reattempt.code, stdout: reattempt.stdout }).toEqual({ code: 1, stdout: '' });
      expect(reattempt.stderr).toMatch(/^unreadable answer: /);
    });
  });
});
