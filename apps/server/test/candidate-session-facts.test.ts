/**
 * What the landing page tells the candidate comes from the session (issue 48): the invitation's own deadline
 * (`invitationExpiresAt`) and the sample-run limit the routes enforce (`sampleRunLimit`, from the server's settings).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateSession } from '@assay/domain';
import { candidate, manualClock, registerFor } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const START = Date.UTC(2026, 11, 1, 10, 0, 0);

describe.each(backends)('the candidate session tells the deadline and the run limit on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(START);
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend, { ASSAY_SAMPLE_RUNS_PER_WINDOW: '12', ASSAY_SAMPLE_RUN_WINDOW_MS: '120000' }, clock.now);
    testId = await h.importTest();
  });
  afterAll(() => h.close());

  it('an invitation with an expiry of its own carries it; the run limit is the one the server enforces', async () => {
    const { token, invitationId } = await registerFor(h, testId, 'deadline@example.com');
    await h.client.reminders.setInvitationExpiry(invitationId, { expiresAt: '2026-12-08T17:00:00' });
    const session = expectSuccess<CandidateSession>(await candidate(h, token).session());
    expect(session.invitationExpiresAt).toBe('2026-12-08T17:00:00.000Z');
    expect(session.sampleRunLimit).toEqual({ runs: 12, windowMs: 120_000 });
    // Started, the running attempt's session says the same.
    const started = await candidate(h, token).client.start();
    expect(started.invitationExpiresAt).toBe('2026-12-08T17:00:00.000Z');
    expect(started.sampleRunLimit).toEqual({ runs: 12, windowMs: 120_000 });
  });

  it('an invitation without an expiry of its own says null', async () => {
    const { token } = await registerFor(h, testId, 'open-ended@example.com');
    const session = expectSuccess<CandidateSession>(await candidate(h, token).session());
    expect(session.invitationExpiresAt).toBeNull();
  });

  it('carries the data notice: the org’s candidate-page holder and contact, what is recorded, its retention (decisions 849, 881)', async () => {
    await h.client.candidatePage.update({ displayName: 'Acme Hiring', contactName: 'Jane Doe', contactEmail: 'privacy@acme.example' });
    const { token } = await registerFor(h, testId, 'notice@example.com');
    const session = expectSuccess<CandidateSession>(await candidate(h, token).session());
    expect(session.dataNotice).toEqual({
      holder: 'Acme Hiring',
      contact: { contactName: 'Jane Doe', contactEmail: 'privacy@acme.example', contactUrl: null },
      recorded: ['answers', 'window-departures', 'pastes-and-keystroke-timing', 'code-playback'],
      // A new org's default rule (decision 849), then whatever its admin sets, and none when it keeps everything.
      retentionDays: 365,
    });
    await h.client.retentionSettings.set({ endedDays: 200 });
    expect(expectSuccess<CandidateSession>(await candidate(h, token).session()).dataNotice?.retentionDays).toBe(200);
    await h.client.retentionSettings.set({ endedDays: null, mediaDays: null, unstartedDays: null });
    expect(expectSuccess<CandidateSession>(await candidate(h, token).session()).dataNotice?.retentionDays).toBeNull();
    const link = await h.client.testLinks.create(testId, { testLinkName: 'Camera on', accessTime: 0, imageProctoring: 1 });
    const byLink = await h.client.testLinks.register(testId, link.testLinkId, { emailId: 'notice.cam@example.com', fullName: 'Cam' });
    const cameraSession = await h.client.candidate(new URL(byLink.testUrl).pathname.split('/').at(-1)!).session();
    expect(cameraSession.dataNotice?.recorded.at(-1)).toBe('camera-snapshots');
  });
});
