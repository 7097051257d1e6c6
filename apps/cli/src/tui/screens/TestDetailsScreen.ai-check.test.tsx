import { createClient, type AssayClient } from '@assay/client';
import { type OpenAiPeer, type PeerChatRequest, type PeerReply, startOpenAiPeer } from '@assay/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newOrg, reviewerClient } from '../../../test/helpers/org.js';
import { renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { ADMIN_TOKEN, startServerProcess, type ServerProcess } from '../../../test/helpers/server-process.js';
import { CapabilitiesProvider } from '../shell/capabilities-context.js';
import { TestDetailsScreen } from './TestDetailsScreen.js';

/** A choice question, then two coding questions: the model solves the first only. */
const definition = {
  testName: 'Checked by a model',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'General',
      sectionType: 'general',
      duration: 5,
      questions: [{ type: 'single_choice', text: 'Which is even?', marks: 1, options: [{ text: '2', correct: true }, { text: '3' }] }],
    },
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 30,
      questions: [
        { type: 'coding', text: 'Return the sum of a and b.', marks: 5, functionName: 'add', hiddenTests: [{ args: [1, 2], expected: 3 }] },
        { type: 'coding', text: 'Return the product of a and b.', marks: 5, functionName: 'times', hiddenTests: [{ args: [2, 3], expected: 6 }] },
      ],
    },
  ],
} as unknown as Parameters<AssayClient['tests']['import']>[0];

const questionOf = (request: PeerChatRequest): string => {
  const system = request.messages[0]!.content;
  return (JSON.parse(system.slice(system.indexOf('{'))) as { question: string }).question;
};

/** A right sum, the right option, a wrong product. */
const answer = (request: PeerChatRequest): PeerReply => {
  const question = questionOf(request);
  if (question.startsWith('Which')) return { text: '1' };
  return question.startsWith('Return the sum')
    ? { text: '```js\nfunction add(a, b) {\n  return a + b;\n}\n```' }
    : { text: '```js\nfunction times(a, b) {\n  return a + b;\n}\n```' };
};

/** The frame's text as one line: a sentence wrapped over lines reads whole here only if no word was cut. */
const flat = (frame: string) => frame.replace(/\s+/g, ' ');

/** Issue 60 item 7 in the TUI: the test screen shows which coding questions the model solves, and `a` starts a check. */
describe('TestDetailsScreen: which questions a model solves, against real servers', () => {
  let screen: Rendered | undefined;
  afterEach(() => screen?.unmount());

  describe('on a server without a model', () => {
    let client: AssayClient;
    let testId: number;
    let reviewer: AssayClient;
    beforeAll(async () => {
      const org = await newOrg('AI check without a model');
      client = org.client;
      testId = (await client.tests.import(definition)).testId;
      reviewer = await reviewerClient(org);
    });

    it('says the test is not checked, and a refuses in the API’s words, wrapped whole at 80×24', async () => {
      screen = renderScreen(<TestDetailsScreen testId={testId} />, { client });
      await screen.waitFor('Not checked: a asks the configured model to answer each question');
      await screen.press('a');
      const frame = await screen.waitFor('✗ 400.31');
      expect(flat(frame)).toContain(
        '✗ 400.31: Checking which questions a model solves needs a model, but no model is configured on this Assay. Configure one (ASSAY_AI_BASE_URL and ASSAY_AI_MODEL, docs/ai.md).',
      );
      expect(widestLine(frame)).toBeLessThanOrEqual(80);
      expect(frame.split('\n').length).toBeLessThanOrEqual(20);
    });

    it('offers a reviewer no check: a does nothing, and the panel only says it is not checked yet', async () => {
      // The role is read from GET /v2/org/me, as the app does.
      screen = renderScreen(
        <CapabilitiesProvider>
          <TestDetailsScreen testId={testId} />
        </CapabilitiesProvider>,
        { client: reviewer },
      );
      await screen.waitFor('Not checked yet');
      await screen.press('a');
      expect(screen.lastFrame()).not.toMatch(/Starting a check|✗/);
      expect(screen.passed).toEqual([]);
    });
  });

  describe('on a server with a model', () => {
    let peer: OpenAiPeer;
    let server: ServerProcess;
    let dir: string;
    let client: AssayClient;
    let testId: number;
    beforeAll(async () => {
      peer = await startOpenAiPeer({ reply: answer, firstTokenDelayMs: 150 });
      dir = mkdtempSync(join(tmpdir(), 'assay-cli-ai-check-'));
      server = await startServerProcess(join(dir, 'assay.db'), join(dir, 'outbox'), { ASSAY_AI_BASE_URL: peer.baseUrl, ASSAY_AI_MODEL: peer.model });
      const admin = createClient({ baseUrl: server.url, adminToken: ADMIN_TOKEN });
      const org = await admin.admin.orgs.create({ name: 'AI check', email: 'ops.ai.check@example.com' });
      client = createClient({ baseUrl: server.url, apiKey: org.apiKey, retries: 0 });
      testId = (await client.tests.import(definition)).testId;
    }, 90_000);
    afterAll(async () => {
      await server?.stop();
      await peer?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('a starts a check, followed while it runs, then each coding question says what the model did', async () => {
      screen = renderScreen(<TestDetailsScreen testId={testId} />, { client });
      await screen.waitFor('Not checked: a asks');
      await screen.press('a');
      await screen.waitFor(/checking… \d of 3 questions done/);
      const frame = await screen.waitFor(/with peer-model, done \d{4}-\d\d-\d\d \d\d:\d\d UTC/, 120_000);
      expect(frame).toContain('✱ Q2 coding · model solved 3 of 3 in JavaScript');
      expect(frame).toMatch(/\n {2}Q3 coding · model solved 0 of 3 in JavaScript/);
      expect(frame).toContain(`and 1 choice or written: assay tests ai-check ${testId} --show`);
      expect(frame).toContain('✱ the model solved it at least once');
      expect(frame).not.toContain('Q1 coding');
      expect(widestLine(frame)).toBeLessThanOrEqual(80);
      // Three tries a question, nothing asked twice.
      expect(peer.requests).toHaveLength(9);

      // The screen opened again reads the latest check; a second start after it is done begins a new one.
      screen.unmount();
      screen = renderScreen(<TestDetailsScreen testId={testId} />, { client });
      await screen.waitFor('✱ Q2 coding · model solved 3 of 3 in JavaScript');
      const first = Number(/Check (\d+) with/.exec(screen.lastFrame())![1]);
      await screen.press('a');
      await screen.waitFor(`Check ${first + 1} with peer-model`);
    }, 180_000);
  });
});
