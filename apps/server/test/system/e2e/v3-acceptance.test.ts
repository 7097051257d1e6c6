/**
 * Issue 52's acceptance: the v3 ATS script of examples/v3-ats (run as a child process, as an integrator runs it) against
 * a listening Assay, and two candidates in a real headless Chromium, from the keyboard. The script sets copy-paste off
 * and "end after 2 window violations", then invites both; the first candidate's paste is blocked (and recorded), they
 * are warned after each departure and ended on the third; the second completes. Then the script collects: skill-wise
 * reports, the PDFs, the callbacks replayed, the reconciliation. The receiver sees two signed callbacks per invitation
 * (In Progress, then Terminated / Complete) and the replays; v2 reads the same invitations. On SQLite and PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { TestDefinition } from '@assay/domain';
import { isPdf, pdfText } from '../../helpers/pdf-text.js';
import { startReceiver } from '../../helpers/receiver.js';
import { backends } from '../../helpers/test-app.js';
import { realFocus, startBrowserHarness, type BrowserHarness } from './browser-harness.js';
import { focused, tabTo, submitByKeyboard } from './page-helpers.js';

const SCRIPT = fileURLToPath(new URL('../../../../../examples/v3-ats/ats.mjs', import.meta.url));

const definition: z.input<typeof TestDefinition> = {
  testName: 'Backend screen',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'Basics',
      sectionType: 'general',
      duration: 10,
      questions: [
        {
          type: 'short_answer',
          skills: ['Algorithms'],
          text: 'Name a sorting algorithm.',
          marks: 1,
          acceptedAnswers: [{ answer: 'quicksort', match: 'text' }],
        },
        {
          type: 'single_choice',
          skills: ['HTTP'],
          text: 'Which status code asks the client to authenticate?',
          marks: 2,
          options: [{ text: '401', correct: true }, { text: '403' }, { text: '404' }],
        },
        // No skills: the section's name is its skill.
        { type: 'single_choice', text: 'Which method is neither safe nor idempotent?', marks: 1, options: [{ text: 'POST', correct: true }, { text: 'GET' }] },
      ],
    },
  ],
};

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The script as an integrator runs it; asynchronous, for the server answering it lives in this process. */
const runScript = (args: string[], env: Record<string, string>, cwd: string): Promise<Run> =>
  new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { cwd, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

/** Another tab in front for a moment, then back: one departure as the browser makes it (see violations.test.ts). */
const depart = async (page: Page) => {
  const restoreFocus = await realFocus(page.context(), page);
  const other = await page.context().newPage();
  await other.bringToFront();
  await expect.poll(() => page.evaluate<boolean>('document.hasFocus()')).toBe(false);
  await other.waitForTimeout(700);
  await page.bringToFront();
  await expect.poll(() => page.evaluate<boolean>('document.hasFocus()')).toBe(true);
  await other.close();
  await restoreFocus();
};

/** A paste into a text answer as the browser delivers one: whether the page let it through. */
const paste = (page: Page, testId: string, text: string) =>
  page.getByTestId(testId).evaluate((element: { dispatchEvent(event: unknown): boolean }, pasted: string) => {
    const dom = globalThis as unknown as Record<'DataTransfer' | 'ClipboardEvent', new (...args: unknown[]) => { setData(type: string, value: string): void }>;
    const data = new dom.DataTransfer();
    data.setData('text/plain', pasted);
    return element.dispatchEvent(new dom.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true, composed: true }));
  }, text);

const start = async (page: Page, testUrl: string) => {
  await page.goto(testUrl);
  await page.getByTestId('start-button').waitFor({ state: 'visible' });
  await tabTo(page, 'start-button');
  await page.keyboard.press('Enter');
  await page.getByTestId('submit-button').waitFor({ state: 'visible' });
};

describe.each(backends)('issue 52 acceptance on %s: a v3 ATS script against Assay, candidates in Chromium', (backend) => {
  let b: BrowserHarness;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let workDir: string;
  let env: Record<string, string>;
  let testId: number;

  beforeAll(async () => {
    b = await startBrowserHarness({ ASSAY_ALLOW_PRIVATE_CALLBACKS: 'true' }, backend);
    receiver = await startReceiver();
    ({ testId } = await b.client.tests.import(definition));
    workDir = mkdtempSync(path.join(tmpdir(), 'assay-v3-ats-'));
    env = { ASSAY_URL: b.baseUrl, ASSAY_API_KEY: b.apiKey, CALLBACK_URL: receiver.url, REPORT_DIR: workDir };
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await b?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  it('invite, a terminated and a completed candidate, collect: signed callbacks, replays, reconciliation, v2 reads', async () => {
    // --- Phase 1: the ATS sets the rules and invites.
    const invited = await runScript(['invite', 'Wanda Away <wanda@example.com>', 'Cora Complete <cora@example.com>'], env, workDir);
    expect(invited.stderr, invited.stdout).toBe('');
    expect(invited.code, invited.stdout).toBe(0);
    expect(invited.stdout).toContain('settings stored: copyPaste false, the test ends after 2 departures, a warning after each');
    const urls = [...invited.stdout.matchAll(/^ {2}testUrl (\S+)$/gm)].map((match) => match[1]!);
    const collect = /^when the candidates are done: node ats\.mjs (collect [\d ]+)$/m.exec(invited.stdout)?.[1]?.split(' ');
    expect(urls).toHaveLength(2);
    expect(collect).toHaveLength(3);
    const [wanda, cora] = collect!.slice(1).map(Number) as [number, number];
    const [short, http, method] = (await b.questionIds(testId)) as [number, number, number];

    // --- The first candidate: a blocked paste, then three departures, warned before the last allowed, ended on the third.
    {
      const { context, page, errors } = await b.openPage();
      try {
        await start(page, urls[0]!);
        await tabTo(page, `answer-box-${short}`);
        await page.keyboard.type('merge');
        expect(await paste(page, `answer-box-${short}`, 'quicksort')).toBe(false);
        await page.getByTestId('clipboard-blocked').waitFor({ state: 'visible' });
        expect(await page.getByTestId(`answer-box-${short}`).inputValue()).toBe('merge');
        await expect.poll(() => page.getByTestId('save-announcement').textContent()).toBe('All answers saved.');

        const warning = page.getByTestId('violation-warning');
        const texts: string[] = [];
        for (let departure = 1; departure <= 2; departure += 1) {
          await depart(page);
          await warning.waitFor({ state: 'visible' });
          texts.push((await page.getByTestId('violation-warning-text').textContent()) ?? '');
          expect((await focused(page)).testId).toBe('violation-warning-ok');
          await page.keyboard.press('Enter');
          await warning.waitFor({ state: 'detached' });
        }
        expect(texts).toEqual([
          'Leaving the test window is counted (1 of 2 allowed). Leaving it more than twice ends your test.',
          'Leaving the test window is counted (2 of 2 allowed): one more ends your test.',
        ]);
        await depart(page);
        const thanks = page.getByTestId('thank-you');
        await thanks.waitFor({ state: 'visible', timeout: 15_000 });
        expect(await thanks.getAttribute('data-reason')).toBe('terminated');
        expect(await page.getByTestId('finish-lead').textContent()).toBe(
          'Your test was ended because you left the test window 3 times; your answers up to then were submitted.',
        );
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }

    // --- The second candidate completes: the right answer to two questions, the wrong one to the untagged third.
    {
      const { context, page, errors } = await b.openPage();
      try {
        await start(page, urls[1]!);
        await tabTo(page, `answer-box-${short}`);
        await page.keyboard.type('quicksort');
        await tabTo(page, `option-${http}-0`);
        await page.keyboard.press('Space');
        await tabTo(page, `option-${method}-0`);
        await page.keyboard.press('ArrowDown');
        await expect.poll(() => page.getByTestId(`option-${method}-1`).isChecked()).toBe(true);
        await expect.poll(() => page.getByTestId('save-announcement').textContent()).toBe('All answers saved.');
        await submitByKeyboard(page);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }

    // The worker scores both and sends the callbacks: two per invitation, In Progress first.
    await expect
      .poll(
        async () => {
          await b.drainWorker();
          return receiver.received.length;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(4);
    const { secrets } = await b.client.webhooks.get();
    const verified = () =>
      receiver.received.map((request) => {
        // As an integrator checks it: the signature over the raw body, with the org's secret (any during a rotation).
        const body = new Webhook(secrets[0]!.secret).verify(request.body, request.headers as Record<string, string>) as Record<string, unknown>;
        return { id: String(request.headers['webhook-id']), invitation: body.TestInvitationId, status: body.Status };
      });
    const first = verified();
    expect(first).toHaveLength(4);
    const statuses = (of: number, list = first) => list.filter((sent) => sent.invitation === of).map((sent) => sent.status);
    expect(statuses(wanda)).toEqual(['In Progress', 'Terminated']);
    expect(statuses(cora)).toEqual(['In Progress', 'Complete']);

    // --- Phase 2: the ATS collects.
    const collected = await runScript(collect!, env, workDir);
    expect(collected.stderr, collected.stdout).toBe('');
    expect(collected.code, collected.stdout).toBe(0);
    const lines = collected.stdout.split('\n');
    expect(lines).toContain(`report ${wanda}: wanda@example.com, Terminated, 0/4 (0%)`);
    expect(lines).toContain(`report ${cora}: cora@example.com, Complete, 3/4 (75%)`);
    // Cora's skills, per skill; the untagged question counts under its section.
    const coraSkills = lines.slice(lines.indexOf(`report ${cora}: cora@example.com, Complete, 3/4 (75%)`)).filter((line) => line.startsWith('  skill '));
    expect(coraSkills.sort()).toEqual(['  skill Algorithms: 1/1 (100%)', '  skill Basics: 0/1 (0%)', '  skill HTTP: 2/2 (100%)']);
    expect(lines).toContain(`callbacks sent again: ${wanda} ${cora}; not sent: none`);
    expect(lines).toContain(`  ${wanda} Wanda Away <wanda@example.com>: Terminated (api)`);
    // The reconciliation's own word (decision 1028).
    expect(lines).toContain(`  ${cora} Cora Complete <cora@example.com>: Completed (api)`);
    for (const id of [wanda, cora]) {
      const file = path.join(workDir, `assay-report-${id}.pdf`);
      expect(existsSync(file)).toBe(true);
      expect(isPdf(readFileSync(file))).toBe(true);
    }
    // The PDF the script saved gives the skills on its first page, before the questions.
    const coraPdf = pdfText(readFileSync(path.join(workDir, `assay-report-${cora}.pdf`)));
    expect(coraPdf).toMatch(/HTTP\s+2\s+2\s+100%\s+1/);
    expect(coraPdf).toMatch(/Algorithms\s+1\s+1\s+100%\s+1/);
    expect(coraPdf.indexOf('Skills\n')).toBeLessThan(coraPdf.indexOf('Questions at a glance'));

    // The replay sends each final callback again, under the same webhook-id, signed.
    await expect
      .poll(
        async () => {
          await b.drainWorker();
          return receiver.received.length;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(6);
    const all = verified();
    expect(all).toHaveLength(6);
    const replayed = all.slice(4);
    const finals = first.filter((sent) => sent.status !== 'In Progress');
    expect(replayed.map((sent) => sent.id).sort()).toEqual(finals.map((sent) => sent.id).sort());

    // --- The same invitations through v2: Completed for both, the first ended by the rule, its paste kept as evidence.
    expect(await b.report(wanda)).toMatchObject({ testStatus: 'Completed', endReason: 'terminated', wv: 3 });
    const coraReport = (await b.report(cora)) as unknown as Record<string, unknown>;
    expect(coraReport).toMatchObject({ testStatus: 'Completed' });
    expect(coraReport.endReason).toBeUndefined();
    const details = await b.client.reports.details(wanda);
    expect(details.questions.find((question) => question.questionId === short)!.signals).toMatchObject({ pastes: 1, pastedChars: 'quicksort'.length });
  }, 120_000);

  it('exits non-zero on what an ATS must notice: a candidate not done yet (3), a refused key (1), wrong usage (2)', async () => {
    // Made through v2 and read through v3: not started yet.
    const { testInvitationId } = await b.client.invitations.register(testId, { emailId: 'later@example.com', fullName: 'Lee Later' });
    const early = await runScript(['collect', String(testInvitationId)], env, workDir);
    expect(early.code).toBe(3);
    expect(early.stdout).toBe(`report ${testInvitationId}: later@example.com, Pending, 0/4 (0%)\n`);
    expect(early.stderr).toBe('  later@example.com has not finished (Pending): run collect again later.\n');

    const refused = await runScript(['invite', 'Ada Lovelace <ada@example.com>'], { ...env, ASSAY_API_KEY: 'not-a-key' }, workDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^unexpected: GET \/v3\/tests\?pageNo=1&pageSize=100 answered 401 \(expected 200\): \{"statusCode":401,/);

    for (const args of [[], ['invite', 'ada@example.com'], ['collect', 'twelve']]) {
      const usage = await runScript(args, env, workDir);
      expect(usage.code, args.join(' ')).toBe(2);
      expect(usage.stderr).toMatch(/usage: node ats\.mjs invite/);
    }
    const notAnId = await runScript(['invite', 'Ada Lovelace <ada@example.com>'], { ...env, TEST_ID: 'three' }, workDir);
    expect(notAnId.code).toBe(2);
    expect(notAnId.stderr).toMatch(/^TEST_ID is not a test id: three\./);
  }, 60_000);
});
