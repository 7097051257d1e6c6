import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_LOG_LIMITS, type CandidateSession, type ReportDetails } from '@assay/domain';
import { candidate, manualClock, registerFor } from '../helpers/candidate.js';
import { expectSuccess } from '../helpers/expectations.js';
import { pdfLines, pdfPageCount } from '../helpers/pdf-text.js';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';

const START = Date.parse('2026-12-01T09:00:00Z');
/** Left and returned, one a second: 500 departures of a second each, well inside the sample test's 20 minutes. */
const EVENTS = 1_000;
const KEPT_PER_STREAM = EVENT_LOG_LIMITS.head + EVENT_LOG_LIMITS.tail;

/**
 * A page (or a script with a token) may send departures as fast as its budget lets it; what one attempt stores, and
 * what its report shows, must not grow with them. The counters (wv, tv) stay exact: they are v2's contract.
 */
describe.each(backends)("one attempt's proctoring log, on %s", (backend) => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('keeps the first and last events and counts the rest: rows, /details and the PDF stay bounded, the counters exact', async () => {
    const clock = manualClock(START);
    h = await startHarness(backend, {}, clock.now);
    const testId = await h.importTest();
    const attemptOf = async (emailId: string) => {
      const { invitationId, token } = await registerFor(h!, testId, emailId);
      const api = candidate(h!, token);
      const session = expectSuccess<CandidateSession>(await api.start());
      return { invitationId, api, sectionIds: session.test.sections.map((section) => section.sectionId) };
    };
    const quiet = await attemptOf('quiet@example.com');
    const flood = await attemptOf('flood@example.com');
    const now = () => new Date(clock.now()).toISOString();

    for (const sectionId of flood.sectionIds) {
      clock.advance(1_000);
      expectSuccess(await flood.api.event('section', now(), { sectionId }));
    }
    for (let event = 0; event < EVENTS; event += 1) {
      clock.advance(1_000);
      expectSuccess(await flood.api.event(event % 2 === 0 ? 'left' : 'returned', now()));
    }
    clock.advance(1_000);
    expectSuccess(await flood.api.submit());
    expectSuccess(await quiet.api.submit());

    const rows = await h.store.db.selectFrom('attempt_events').select('kind').where('invitation_id', '=', flood.invitationId).execute();
    expect(rows.filter((row) => row.kind !== 'section')).toHaveLength(KEPT_PER_STREAM);
    expect(rows.filter((row) => row.kind === 'section')).toHaveLength(flood.sectionIds.length);

    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${flood.invitationId}/details` }));
    expect(details.integrity).toMatchObject({ wv: EVENTS / 2, tv: EVENTS / 2, omittedEvents: EVENTS - KEPT_PER_STREAM });
    expect(details.integrity.departures.length).toBeLessThanOrEqual(KEPT_PER_STREAM / 2);
    const firstLeft = START + (flood.sectionIds.length + 1) * 1_000;
    expect(details.integrity.departures[0]).toEqual({
      eventId: `departure-${firstLeft}`,
      review: null,
      leftAt: new Date(firstLeft).toISOString(),
      returnedAt: new Date(START + (flood.sectionIds.length + 2) * 1_000).toISOString(),
      seconds: 1,
    });
    // The section views were not pushed out by the departures: each section's time is still known.
    expect(details.sections.every((section) => section.timeSpentSeconds !== null)).toBe(true);

    const pdfOf = async (invitationId: number) => {
      const response = await h!.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` });
      expect(response.statusCode).toBe(200);
      return response.rawPayload;
    };
    const floodPdf = await pdfOf(flood.invitationId);
    expect(pdfPageCount(floodPdf)).toBeLessThanOrEqual(pdfPageCount(await pdfOf(quiet.invitationId)) + 3);
    const text = pdfLines(floodPdf).join(' ');
    expect(text).toContain(`left the test window ${EVENTS / 2} times`);
    expect(text).toContain(`${(EVENTS - KEPT_PER_STREAM).toLocaleString('en-US')} more events not shown`);
  });
});
