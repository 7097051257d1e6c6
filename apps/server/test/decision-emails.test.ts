import { beforeAll, describe, expect, it } from 'vitest';
import type { DecisionEmailMessage, DecisionEmailSettings, HistoryEntry } from '@assay/domain';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { mailHarness, toOf } from './helpers/mail-harness.js';
import { backends, type Harness } from './helpers/test-app.js';

const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);
const WINDOW_S = 600;

/**
 * Issue 61 item 1 (decisions 1450–1454), through the real SMTP peer: the org's templates, a preview, and emails a
 * decision or a bulk decision queues with `notify` — sent after the undo window, withdrawn when the decision changes
 * within it, each step in the invitation's history.
 */
describe.each(backends)('decision emails on %s', (backend) => {
  const { clock, harness, newMail, received } = mailHarness(backend, { ASSAY_DECISION_EMAIL_DELAY_S: String(WINDOW_S) }, T0);
  let h: Harness;
  let testId = 0;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = harness();
    testId = await h.importTest();
    for (const name of ['ada', 'grace', 'linus', 'noor', 'zoe']) {
      ids[name] = (
        await h.client.invitations.register(testId, { emailId: `${name}@example.com`, fullName: `${name[0]!.toUpperCase()}${name.slice(1)} Example` })
      ).testInvitationId;
    }
  });
  const put = (body: unknown, apiKey?: string) => h.request({ method: 'PUT', url: '/v2/org/decision-emails', body, ...(apiKey ? { apiKey } : {}) });
  const decide = (id: number, body: unknown) => h.request({ method: 'PUT', url: `/v2/org/testinvitation/${id}/decision`, body });
  const emailHistory = async (id: number) => {
    const history = expectSuccess<{ entries: HistoryEntry[] }>(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${id}/history` }));
    return history.entries.flatMap((entry) => (entry.kind === 'decision-email' ? [`${entry.details.change} ${entry.details.email}`] : []));
  };

  it('answers the defaults, takes a partial update from an admin, and refuses bad templates and other roles', async () => {
    const defaults = expectSuccess<DecisionEmailSettings>(await h.request({ method: 'GET', url: '/v2/org/decision-emails' }));
    expect(defaults.rejected.subject).toBe('Your application with {{orgName}}');
    expect(defaults.replyTo).toBeNull();
    const bad = expectFailure(await put({ rejected: { subject: 'Hi {{candidateNme}}', body: 'x' } }), '400.2');
    expect(bad.result).toContain('unknown placeholders: candidateNme');
    expectFailure(await put({ replyTo: 'not an address' }), '400.2');
    expectFailure(await put({ schedulingLink: 'ftp://calendar.example.com' }), '400.2');
    const recruiter = await h.client.admin.keys.create(h.org.orgId, { role: 'recruiter' });
    expectFailure(await put({ replyTo: 'talent@example.com' }, recruiter.apiKey), '403.17');
    const saved = expectSuccess<DecisionEmailSettings>(
      await put({
        rejected: { subject: 'About {{testName}}', body: 'Dear {{candidateName}},\n\nWe will **not** go on.\n\n{{orgName}}' },
        replyTo: 'talent@example.com',
        schedulingLink: 'https://calendar.example.com/acme',
      }),
    );
    expect(saved.rejected.subject).toBe('About {{testName}}');
    expect(saved.advanced).toEqual(defaults.advanced);
    expect(saved.replyTo).toBe('talent@example.com');
  });

  it('previews an email as one candidate would get it, and answers another org’s invitation 404', async () => {
    const preview = expectSuccess<DecisionEmailMessage>(
      await h.request({ method: 'POST', url: `/v2/org/testinvitation/${ids.ada}/decision-email/preview`, body: { email: 'advanced' } }),
    );
    expect(preview).toMatchObject({ email: 'advanced', to: 'ada@example.com', replyTo: 'talent@example.com' });
    expect(preview.text).toContain('Dear Ada Example,');
    expect(preview.text).toContain('https://calendar.example.com/acme');
    const rejected = expectSuccess<DecisionEmailMessage>(
      await h.request({ method: 'POST', url: `/v2/org/testinvitation/${ids.ada}/decision-email/preview`, body: { email: 'rejected' } }),
    );
    expect(rejected.html).toContain('<strong>not</strong>');
    const other = await h.createOrg('Other');
    const refused = await h.request({
      method: 'POST',
      url: `/v2/org/testinvitation/${ids.ada}/decision-email/preview`,
      body: { email: 'rejected' },
      apiKey: other.apiKey,
    });
    expectFailure(refused, '404.4');
    // The typed client reads the same.
    expect((await h.client.decisionEmails.get()).replyTo).toBe('talent@example.com');
    expect(await h.client.decisions.previewEmail(ids.ada!, 'advanced')).toEqual(preview);
    expect(received()).toHaveLength(0);
  });

  it('sends after the undo window what still stands, withdraws the one changed in time, with Reply-To and history', async () => {
    expectSuccess(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/decisions/bulk`,
        body: { decision: 'rejected', reason: 'Below the bar', ids: [ids.grace, ids.linus, ids.noor], notify: true },
      }),
    );
    expectSuccess(await decide(ids.ada!, { decision: 'advanced', notify: true }));
    // Within the window: nothing is sent, and Noor's rejection is undone.
    clock.set(T0 + (WINDOW_S - 60) * 1000);
    expect(await newMail()).toEqual([]);
    expectSuccess(await decide(ids.noor!, { decision: 'on-hold' }));
    clock.set(T0 + (WINDOW_S + 1) * 1000);
    const mails = await newMail();
    expect(mails.map(toOf).sort()).toEqual(['ada@example.com', 'grace@example.com', 'linus@example.com']);
    const grace = mails.find((mail) => toOf(mail) === 'grace@example.com')!;
    expect(grace.subject).toBe('About Backend screening');
    expect(grace.text).toContain('Dear Grace Example,');
    expect(grace.replyTo?.text).toBe('talent@example.com');
    expect(mails.find((mail) => toOf(mail) === 'ada@example.com')!.subject).toMatch(/^Next steps with /);
    expect(await emailHistory(ids.grace!)).toEqual(['queued rejected', 'sent rejected']);
    expect(await emailHistory(ids.noor!)).toEqual(['queued rejected', 'withdrawn rejected']);
    // Nothing more later: each email goes once.
    clock.set(T0 + 3 * WINDOW_S * 1000);
    expect(await newMail()).toEqual([]);
  });

  it('emails a cancellation asked with notify=true after the window, and only while it stays cancelled', async () => {
    const start = T0 + 4 * WINDOW_S * 1000;
    clock.set(start);
    expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${ids.zoe}/cancel?notify=true` }));
    expectFailure(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${ids.zoe}/cancel?notify=yes` }), '400.4');
    clock.set(start + (WINDOW_S + 1) * 1000);
    const mails = await newMail();
    expect(mails.map(toOf)).toEqual(['zoe@example.com']);
    expect(mails[0]!.subject).toMatch(/^Your invitation from .+ was cancelled$/);
    expect(await emailHistory(ids.zoe!)).toEqual(['queued cancelled', 'sent cancelled']);
  });
});
