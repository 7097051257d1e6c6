import { candidateTokenOf, createClient } from '@assay/client';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { CLI_MAIN } from '../helpers/built-packages.js';
import { exampleDefinition, newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { cleanEnv, runAssay, startAssay, type AssayRun } from '../helpers/run-assay.js';

/** Every scriptable subcommand, run as a user runs it (the built bin, a fresh config directory), against the real server. */
describe('assay subcommands against a real server', () => {
  let org: TestOrg;
  let home: string;
  let env: NodeJS.ProcessEnv;
  const json = <T>(run: AssayRun): T => {
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    return JSON.parse(run.stdout) as T;
  };

  beforeAll(async () => {
    org = await newOrg('Subcommands');
    home = mkdtempSync(join(tmpdir(), 'assay-cli-home-'));
    env = cleanEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ASSAY_URL: serverUrl(), ASSAY_API_KEY: org.apiKey });
  });

  it('prints help for every command with exit code 0', async () => {
    const top = await runAssay(['--help'], env);
    expect(top.code).toBe(0);
    for (const name of ['login', 'tests', 'links', 'invite', 'invitations', 'report', 'export', 'events', 'deliveries', 'redeliver', 'org', 'admin']) {
      expect(top.stdout).toContain(name);
    }
    const leaves = [
      ['tests', 'list'],
      ['tests', 'show'],
      ['tests', 'import'],
      ['links', 'list'],
      ['links', 'show'],
      ['links', 'create'],
      ['links', 'update'],
      ['invite'],
      ['invitations', 'list'],
      ['invitations', 'summary'],
      ['invitations', 'cancel'],
      ['invitations', 'reattempt'],
      ['report'],
      ['export'],
      ['events'],
      ['deliveries'],
      ['redeliver'],
      ['org', 'show'],
      ['org', 'set'],
      ['admin', 'orgs', 'create'],
      ['admin', 'keys', 'rotate'],
      ['login'],
    ];
    for (const leaf of leaves) {
      const help = await runAssay([...leaf, '--help'], env);
      expect({ leaf, code: help.code }).toEqual({ leaf, code: 0 });
      expect(help.stdout).toContain('--json');
    }
    // 24 starts of the built CLI, about a second each on 2 cores: more than the default 30 s once the machine is busy.
  }, 120_000);

  it('logs in: the profile file is mode 0600 and is used without environment variables', async () => {
    const bare = cleanEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config') });
    const before = await runAssay(['tests', 'list'], bare);
    expect(before.code).toBe(2);
    expect(before.stderr).toContain('assay login');

    const wrong = await runAssay(['login', '--url', serverUrl(), '--key', 'assay_wrong'], bare);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^401\.\d: /);

    const login = json<{ profile: string; configPath: string }>(await runAssay(['login', '--url', serverUrl(), '--key', org.apiKey, '--json'], bare));
    expect(login).toEqual({ profile: 'default', url: serverUrl(), configPath: join(home, '.config', 'assay', 'config.json') });
    expect(statSync(login.configPath).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(login.configPath, 'utf8'))).toEqual({ profiles: { default: { url: serverUrl(), apiKey: org.apiKey } } });
    expect(json<{ testsCount: number }>(await runAssay(['tests', 'list', '--json'], bare)).testsCount).toBe(0);

    // A second profile; the environment overrides the saved key.
    json(await runAssay(['login', '--profile', 'other', '--url', serverUrl(), '--key', org.apiKey, '--json'], bare));
    expect(json<{ testsCount: number }>(await runAssay(['--profile', 'other', 'tests', 'list', '--json'], bare)).testsCount).toBe(0);
    expect((await runAssay(['--profile', 'missing', 'tests', 'list'], bare)).code).toBe(2);
    expect((await runAssay(['tests', 'list'], { ...bare, ASSAY_API_KEY: 'assay_wrong' })).code).toBe(1);
  });

  it('imports, lists and shows tests; links; invitations; reports; exports; events; deliveries', { timeout: 120_000 }, async () => {
    const file = join(home, 'definition.json');
    writeFileSync(file, JSON.stringify(exampleDefinition('javascript-fundamentals')));
    const imported = json<{ testId: number; testName: string }>(await runAssay(['tests', 'import', file, '--json'], env));
    expect(imported.testName).toBe('JavaScript Fundamentals');
    const testId = String(imported.testId);

    const list = json<{ tests: { testId: number }[]; testsCount: number }>(await runAssay(['tests', 'list', '--page', '1', '--size', '5', '--json'], env));
    expect(list.tests.map((test) => test.testId)).toContain(imported.testId);
    expect(json<{ sections: unknown[] }>(await runAssay(['tests', 'show', testId, '--json'], env)).sections).toHaveLength(2);
    const human = await runAssay(['tests', 'list'], env);
    expect(human.stdout).toMatch(/ID\s+NAME\s+QUESTIONS/);
    expect(human.stdout).toContain('Page 1 of 1');

    const link = json<{ testLinkId: number; timeZoneId: number; accessTime: number }>(
      await runAssay(
        [
          'links',
          'create',
          testId,
          '--name',
          'Spring',
          '--access-time',
          '1',
          '--start',
          '2026-04-01T09:00:00',
          '--end',
          '2036-04-30T18:00:00',
          '--tz',
          'Asia/Kolkata',
          '--invite-only',
          '--json',
        ],
        env,
      ),
    );
    expect(link).toMatchObject({ accessTime: 1, timeZoneId: 1720, inviteCandidateOnly: 1 });
    const linkId = String(link.testLinkId);
    expect(json<{ testLinks: unknown[] }>(await runAssay(['links', 'list', testId, '--json'], env)).testLinks).toHaveLength(1);
    expect(json(await runAssay(['links', 'show', testId, linkId, '--json'], env))).toEqual(link);
    const updated = json(await runAssay(['links', 'update', testId, linkId, '--status', 'inactive', '--no-invite-only', '--json'], env));
    expect(updated).toEqual({ ...link, testLinkStatus: 3, inviteCandidateOnly: 0 });
    const shown = await runAssay(['links', 'show', testId, linkId], env);
    expect(shown.stdout).toContain('Valid from 01 Apr 2026, 14:30 to 30 Apr 2036, 23:30, India Standard Time (Asia/Kolkata)');

    const invited = json<{ testInvitationId: number; takeTestURL: string }>(
      await runAssay(
        [
          'invite',
          testId,
          '--email',
          'ada@example.com',
          '--name',
          'Ada Lovelace',
          '--callback',
          'http://127.0.0.1:9/hooks',
          '--submitted-callback',
          'http://127.0.0.1:9/submitted',
          '--json',
        ],
        env,
      ),
    );
    const byLink = await runAssay(['invite', testId, '--link', linkId, '--email', 'grace@example.com', '--name', 'Grace Hopper'], env);
    expect(byLink.code).toBe(0);
    expect(byLink.stdout).toMatch(new RegExp(`^${serverUrl()}/t/\\S+\\n$`));

    const candidate = createClient({ baseUrl: serverUrl() }).candidate(candidateTokenOf(invited.takeTestURL));
    await candidate.start();
    await candidate.submit();
    const id = String(invited.testInvitationId);
    const report = json<{ testStatus: string; totalScore: string }>(await runAssay(['report', id, '--json'], env));
    expect(report).toMatchObject({ testStatus: 'Completed', totalScore: '24' });
    expect(json<{ sectionName: string }[]>(await runAssay(['report', id, '--sections', '--json'], env)).map((entry) => entry.sectionName)).toEqual([
      'JavaScript concepts',
      'Coding',
    ]);
    const pdf = json<{ path: string; bytes: number }>(await runAssay(['report', id, '--pdf', join(home, 'report.pdf'), '--json'], env));
    expect(readFileSync(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');
    const excel = json<{ path: string; bytes: number }>(await runAssay(['export', testId, '--excel', join(home, 'test.xlsx'), '--json'], env));
    expect(readFileSync(excel.path).subarray(0, 2).toString()).toBe('PK');
    expect(excel.bytes).toBe(statSync(excel.path).size);
    const piped = await runAssay(['report', id, '--pdf', join(home, 'again.pdf')], env);
    expect(piped.stdout).toMatch(/^Saved .*again\.pdf \(\d+ bytes\)\.\n$/);
    expect(piped.stderr).toBe(''); // no progress bar when not on a terminal

    const events = json<{ events: { type: string; testInvitationId: number }[] }>(await runAssay(['events', '--json'], env));
    expect(events.events).toContainEqual(expect.objectContaining({ type: 'completed', testInvitationId: invited.testInvitationId }));

    const deliveries = await vi.waitFor(
      async () => {
        const log = json<{ deliveries: { jobId: number; kind: string; target: string }[] }>(await runAssay(['deliveries', id, '--json'], env));
        // The "submitted" event (--submitted-callback) and the completion callback (--callback).
        expect(log.deliveries.map((delivery) => delivery.target)).toEqual(expect.arrayContaining(['http://127.0.0.1:9/submitted', 'http://127.0.0.1:9/hooks']));
        return log.deliveries;
      },
      { timeout: 15_000, interval: 500 },
    );
    const callback = deliveries.find((delivery) => delivery.target === 'http://127.0.0.1:9/hooks')!;
    expect(json<{ jobId: number }>(await runAssay(['redeliver', String(callback.jobId), '--json'], env)).jobId).toEqual(expect.any(Number));

    const refused = await runAssay(['invitations', 'cancel', id, '--json'], env);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toMatch(/^403\.4: /);
    const again = json<{ testInvitationId: number; takeTestURL: string }>(await runAssay(['invitations', 'reattempt', id, '--json'], env));
    expect(again.testInvitationId).not.toBe(invited.testInvitationId);
    expect(json(await runAssay(['invitations', 'cancel', String(again.testInvitationId), '--test', testId, '--json'], env))).toEqual({
      testInvitationId: again.testInvitationId,
      status: 'cancelled',
    });
  });

  it("lists a test's invitations with the server's filters (the shortlist in one command) and summarises them", { timeout: 120_000 }, async () => {
    const oneQuestion = {
      testName: 'Shortlist',
      sections: [
        {
          sectionName: 'One',
          sectionType: 'general',
          duration: 10,
          questions: [{ type: 'single_choice', text: 'Pick B', marks: 1, options: [{ text: 'A' }, { text: 'B', correct: true }] }],
        },
      ],
    };
    const test = await org.client.tests.import(oneQuestion as Parameters<typeof org.client.tests.import>[0]);
    const testId = String(test.testId);
    const take = async (email: string, option: number) => {
      const registered = await org.client.invitations.register(test.testId, { emailId: email, fullName: email.split('@')[0]! });
      const attempt = createClient({ baseUrl: serverUrl() }).candidate(candidateTokenOf(registered.takeTestURL));
      const question = (await attempt.start()).test.sections[0]!.questions[0]!;
      const options = 'options' in question ? question.options : [];
      await attempt.saveAnswer(question.questionId, { optionIds: [options[option]!.optionId] });
      await attempt.submit();
      return registered.testInvitationId;
    };
    const right = await take('right@example.com', 1);
    await take('wrong@example.com', 0);
    await org.client.invitations.register(test.testId, { emailId: 'later@example.com', fullName: 'later' });
    const shortlist = ['invitations', 'list', testId, '--status', 'completed', '--min-score', '1', '--integrity', 'unconfirmed'];
    const listed = await vi.waitFor(
      async () => {
        const page = json<{ invitations: { testInvitationId: number }[]; invitationsCount: number }>(await runAssay([...shortlist, '--json'], env));
        expect(page.invitationsCount).toBe(1);
        return page;
      },
      { timeout: 15_000, interval: 300 },
    );
    expect(listed.invitations.map((row) => row.testInvitationId)).toEqual([right]);
    const human = await runAssay(shortlist, env);
    expect(human.stdout).toMatch(/^ID\s+NAME\s+EMAIL\s+STATUS\s+SCORE/);
    expect(human.stdout).toMatch(/right@example.com\s+Completed\s+1\/1\s+100/);
    expect(human.stdout).toContain('Page 1 of 1 (1 invitation match)');
    const all = json<{ invitations: unknown[]; invitationsCount: number }>(await runAssay(['invitations', 'list', testId, '--all', '--json'], env));
    expect(all.invitationsCount).toBe(3);

    const past = await runAssay(['invitations', 'list', testId, '--page', '4', '--page-size', '1'], env);
    expect(past).toMatchObject({ code: 2, stdout: '' });
    expect(past.stderr).toContain('Page 4 is past the last page: 3 pages of 1 (3 invitations match).');
    expect((await runAssay(['invitations', 'list', testId, '--status', 'done'], env)).code).toBe(2);

    const summary = json<{ invitationsCount: number; stages: Record<string, number>; completionRate: number }>(
      await runAssay(['invitations', 'summary', testId, '--json'], env),
    );
    expect(summary).toMatchObject({ invitationsCount: 3, stages: { Pending: 1, Completed: 2 }, completionRate: 66.7 });
    expect((await runAssay(['invitations', 'summary', testId], env)).stdout).toContain('Completion rate: 66.7% of the invitations not cancelled');
  });

  it('invites with --extra-time, refuses a page past the last (exit 2) and lists links with their dates and URL', async () => {
    const file = join(home, 'small.json');
    writeFileSync(file, JSON.stringify(exampleDefinition('javascript-fundamentals')));
    const testId = String(json<{ testId: number }>(await runAssay(['tests', 'import', file, '--json'], env)).testId);

    const pages = json<{ testsCount: number }>(await runAssay(['tests', 'list', '--size', '1', '--json'], env)).testsCount;
    const past = await runAssay(['tests', 'list', '--size', '1', '--page', String(pages + 1)], env);
    expect(past).toMatchObject({ code: 2, stdout: '' });
    expect(past.stderr).toContain(`Page ${pages + 1} is past the last page: there ${pages === 1 ? 'is 1 page' : `are ${pages} pages`} of 1`);

    const link = json<{ testLinkAccessKey: string }>(
      await runAssay(
        [
          'links',
          'create',
          testId,
          '--name',
          'Window',
          '--access-time',
          '1',
          '--start',
          '2026-04-01T09:00:00',
          '--end',
          '2036-04-30T18:00:00',
          '--tz',
          'Asia/Kolkata',
          '--json',
        ],
        env,
      ),
    );
    const listed = await runAssay(['links', 'list', testId], env);
    expect(listed.stdout).toContain(`${serverUrl()}/l/${link.testLinkAccessKey}`);
    expect(listed.stdout).toContain('01 Apr 2026, 14:30 to 30 Apr 2036, 23:30');

    const invited = json<{ takeTestURL: string }>(
      await runAssay(['invite', testId, '--email', 'extra@example.com', '--name', 'Extra Time', '--extra-time', '25', '--json'], env),
    );
    const session = await createClient({ baseUrl: serverUrl() }).candidate(candidateTokenOf(invited.takeTestURL)).session();
    expect(session.test.extraTimePercent).toBe(25);
    const tooMuch = await runAssay(['invite', testId, '--email', 'more@example.com', '--name', 'More', '--extra-time', '101'], env);
    expect(tooMuch).toMatchObject({ code: 2, stdout: '' });
    expect(tooMuch.stderr).toContain('must be a whole percentage from 0 to 100');
  });

  it('follows events until interrupted, one JSON object a line', async () => {
    const test = await org.client.tests.import(exampleDefinition('sql-and-data-modelling') as Parameters<typeof org.client.tests.import>[0]);
    // From an instant before the attempt: a follower that starts late (a slow process start on a busy machine) still
    // sees it, where one that starts from its own "now" missed it after a fixed second's wait.
    const from = new Date(Date.now() - 1_000).toISOString();
    const follow = startAssay(['events', '--follow', '--json', '--from', from], { ...env, ASSAY_FOLLOW_INTERVAL_MS: '200' });
    const { testInvitationId, takeTestURL } = await org.client.invitations.register(test.testId, { emailId: 'alan@example.com', fullName: 'Alan Turing' });
    const attempt = createClient({ baseUrl: serverUrl() }).candidate(candidateTokenOf(takeTestURL));
    await attempt.start();
    await attempt.submit();
    await vi.waitFor(() => expect(follow.output.stdout).toContain(`"testInvitationId":${testInvitationId}`), { timeout: 15_000 });
    follow.child.kill('SIGINT');
    expect(await follow.exited).toBe(0);
    const lines = follow.output.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; testInvitationId: number });
    expect(lines).toContainEqual(expect.objectContaining({ type: 'completed', testInvitationId }));
  });

  it('ends quietly with exit code 0 when the reader of its output goes away (| head -1)', async () => {
    const test = await org.client.tests.import(exampleDefinition('frontend-accessibility') as Parameters<typeof org.client.tests.import>[0]);
    const complete = async (emailId: string) => {
      const { takeTestURL } = await org.client.invitations.register(test.testId, { emailId, fullName: 'Piped Candidate' });
      const attempt = createClient({ baseUrl: serverUrl() }).candidate(candidateTokenOf(takeTestURL));
      await attempt.start();
      await attempt.submit();
    };
    await complete('first.piped@example.com');
    const errors = join(home, 'piped.err');
    const from = new Date(Date.now() - 60_000).toISOString();
    const pipeline = spawn(
      'bash',
      ['-c', `"${process.execPath}" "${CLI_MAIN}" events --follow --from ${from} 2>"${errors}" | head -1; echo "assay exited \${PIPESTATUS[0]}"`],
      { env: { ...env, ASSAY_FOLLOW_INTERVAL_MS: '200' }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    pipeline.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await vi.waitFor(() => expect(output).toContain('completed'), { timeout: 15_000 });
    // head has its line and has gone; the next completion is written to a pipe nobody reads.
    await complete('second.piped@example.com');
    await vi.waitFor(() => expect(output).toContain('assay exited'), { timeout: 15_000 });
    expect(output).toContain('assay exited 0');
    expect(output.trim().split('\n')).toHaveLength(2);
    expect(readFileSync(errors, 'utf8')).toBe('');
  });

  it('ends at once when the reader goes away with nothing more to write (| head -1, no further event)', async () => {
    const test = await org.client.tests.import(exampleDefinition('algorithms-coding-screen') as Parameters<typeof org.client.tests.import>[0]);
    // From now: this completion is the only event (the tests before completed others in this organization).
    const from = new Date().toISOString();
    const { takeTestURL } = await org.client.invitations.register(test.testId, { emailId: 'only.piped@example.com', fullName: 'Only Piped' });
    const attempt = createClient({ baseUrl: serverUrl() }).candidate(candidateTokenOf(takeTestURL));
    await attempt.start();
    await attempt.submit();
    const errors = join(home, 'piped-once.err');
    // A poll a minute: the follow is waiting, not writing, when head has gone.
    const pipeline = spawn(
      'bash',
      ['-c', `"${process.execPath}" "${CLI_MAIN}" events --follow --from ${from} 2>"${errors}" | head -1; echo "assay exited \${PIPESTATUS[0]}"`],
      { env: { ...env, ASSAY_FOLLOW_INTERVAL_MS: '60000' }, stdio: ['ignore', 'pipe', 'inherit'], detached: true },
    );
    let output = '';
    pipeline.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      // Nothing else completes: a hang fails here.
      await vi.waitFor(() => expect(output).toContain('assay exited'), { timeout: 20_000 });
    } finally {
      // The whole pipeline, assay too, if it hung.
      try {
        process.kill(-pipeline.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    expect(output).toContain('only.piped@example.com');
    expect(output).toContain('assay exited 0');
    expect(output.trim().split('\n')).toHaveLength(2);
    expect(readFileSync(errors, 'utf8')).toBe('');
  });

  it('shows and sets what candidate pages say about the org; a contact name nobody can reach exits 1 with 400.17', async () => {
    const before = await runAssay(['org', 'show'], env);
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(/^Display name: +not set \(candidates see "Subcommands \d+ /m);
    const set = json<{ shown: Record<string, string | null> }>(
      await runAssay(['org', 'set', '--display-name', 'Subcommands Hiring', '--contact-email', 'talent@subcommands.example', '--json'], env),
    );
    expect(set.shown).toEqual({ displayName: 'Subcommands Hiring', contactName: null, contactEmail: 'talent@subcommands.example', contactUrl: null });
    const shown = await runAssay(['org', 'show'], env);
    expect(shown.stdout).toMatch(/^Display name: +Subcommands Hiring$/m);
    expect(shown.stdout).toMatch(/^Contact email: +talent@subcommands\.example$/m);
    const refused = await runAssay(['org', 'set', '--contact-name', 'Jane', '--contact-email', ''], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^400\.17: contactName needs a way to reach them/);
  });

  it('runs the admin commands with the admin token', async () => {
    const admin = { ...env, ASSAY_ADMIN_TOKEN: inject('adminToken') };
    const created = json<{ orgId: number; apiKey: string }>(
      await runAssay(['admin', 'orgs', 'create', '--name', `Globex ${Date.now()}`, '--email', 'ops@globex.example', '--json'], admin),
    );
    const rotated = json<{ orgId: number; apiKey: string }>(await runAssay(['admin', 'keys', 'rotate', String(created.orgId), '--json'], admin));
    expect(rotated.orgId).toBe(created.orgId);
    expect((await runAssay(['tests', 'list'], { ...env, ASSAY_API_KEY: created.apiKey })).code).toBe(1);
    expect((await runAssay(['tests', 'list'], { ...env, ASSAY_API_KEY: rotated.apiKey })).code).toBe(0);
    const noToken = await runAssay(['admin', 'keys', 'rotate', String(created.orgId)], env);
    expect(noToken.code).toBe(2);
    const wrongToken = await runAssay(['admin', 'keys', 'rotate', String(created.orgId)], { ...env, ASSAY_ADMIN_TOKEN: 'wrong' });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toMatch(/^401\.3: /);
  });

  it('exits 1 on a wrong key, 2 on usage errors and 3 when the server is unreachable', async () => {
    const wrongKey = await runAssay(['tests', 'list', '--json'], { ...env, ASSAY_API_KEY: 'assay_wrong' });
    expect(wrongKey).toMatchObject({ code: 1, stdout: '' });
    expect(wrongKey.stderr).toMatch(/^401\.\d: .+\n$/);

    const unreachable = await runAssay(['tests', 'list', '--json'], { ...env, ASSAY_URL: 'http://127.0.0.1:9' });
    expect(unreachable).toMatchObject({ code: 3, stdout: '' });
    expect(unreachable.stderr).toMatch(/^unreachable: /);
    // A loopback server that takes the connection and never answers: a time-out is exit code 3 too.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const slow = await runAssay(['tests', 'list'], { ...env, ASSAY_URL: `http://127.0.0.1:${port}`, ASSAY_TIMEOUT_MS: '300' });
      expect(slow.code).toBe(3);
      expect(slow.stderr).toContain('did not answer within 300 ms');
    } finally {
      silent.closeAllConnections();
      silent.close();
    }

    // An HTML error page from a gateway in front of the server, after the retries: unreachable, 3 too.
    const gateway = createServer((_request, response) => response.writeHead(502, { 'content-type': 'text/html' }).end('<html><h1>502 Bad Gateway</h1></html>'));
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = gateway.address() as AddressInfo;
      const proxied = await runAssay(['tests', 'list'], { ...env, ASSAY_URL: `http://127.0.0.1:${port}` });
      expect(proxied).toMatchObject({ code: 3, stdout: '' });
      expect(proxied.stderr).toMatch(/^unreachable: HTTP 502 /);
    } finally {
      gateway.close();
    }

    const unknown = await runAssay(['bogus'], env);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain("unknown command 'bogus'");
    const help = await runAssay(['help', 'tests'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe((await runAssay(['tests', '--help'], env)).stdout);

    for (const args of [
      ['tests', 'show', 'abc'],
      ['tests', 'list', '--size', '500'],
      ['no-such-command'],
      ['links', 'create', '1', '--name', 'x', '--access-time', '1', '--start', '2026-02-30T09:00:00', '--end', '2026-03-30T09:00:00'],
      ['links', 'create', '1', '--name', 'x', '--access-time', '1'],
      ['links', 'create', '1', '--name', 'x', '--access-time', '7'],
      ['tests', 'import', join(home, 'missing.json')],
      ['report', '1', '--sections', '--pdf', 'x.pdf'],
      ['events', '--from', 'yesterday'],
    ]) {
      const run = await runAssay(args, env);
      expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code: 2, stdout: '' });
      expect(run.stderr).not.toBe('');
    }
    const noTerminal = await runAssay([], env);
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.stderr).toContain('needs a terminal');
  });
});
