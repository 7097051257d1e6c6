import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, PermissionDeniedError, type DownloadProgress } from '@assay/client';
import { saveToFile } from '@assay/client/node';
import { backends } from '../helpers/test-app.js';
import { completeAttempt, sampleDefinition, startClientHarness, type ClientHarness } from './client-harness.js';

describe.each(backends)('@assay/client reports, exports and events against the real server on %s', (backend) => {
  let t: ClientHarness;
  let testId: number;
  let invitationId: number;
  let dir: string;
  const startedAt = new Date(Date.now() - 1_000);
  beforeAll(async () => {
    t = await startClientHarness(backend);
    dir = mkdtempSync(join(tmpdir(), `assay-client-${backend}-`));
    testId = (await t.client.tests.import(sampleDefinition)).testId;
    invitationId = await completeAttempt(t.client, testId, 'report@example.com');
    await t.h.drainJobs();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the candidate report and its section scores (4.11, 4.12)', async () => {
    expect(await t.client.reports.get(invitationId)).toMatchObject({
      emailId: 'report@example.com',
      fullName: 'Ada Lovelace',
      totalScore: '10',
      score: '2',
      testStatus: 'Completed',
      reportStatus: 'Generated',
    });
    expect(await t.client.reports.sections(invitationId)).toEqual([
      { sectionName: 'Fundamentals', sectionScore: 5, candidateScore: 2 },
      { sectionName: 'Coding', sectionScore: 5, candidateScore: 0 },
    ]);
    await expect(t.client.reports.get(999_999)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reads the report details: per-question marks, sections and integrity (getReportDetails)', async () => {
    const details = await t.client.reports.details(invitationId);
    expect(details).toMatchObject({
      testInvitationId: invitationId,
      candidate: { fullName: 'Ada Lovelace', emailId: 'report@example.com' },
      test: { testId },
      status: { testStatus: 'Completed', reportStatus: 'Generated' },
      score: { score: 2, maxScore: 10 },
      integrity: { wv: 0, tv: 0, departures: [] },
    });
    expect(details.sections.map((section) => section.sectionName)).toEqual(['Fundamentals', 'Coding']);
    expect(details.questions.length).toBeGreaterThan(0);
    await expect(t.client.reports.details(999_999)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('streams the PDF into a WritableStream and into a file, with progress (4.13)', async () => {
    const progress: DownloadProgress[] = [];
    const file = await t.client.reports.pdf(invitationId, { onProgress: (step) => progress.push(step) });
    expect(file).toMatchObject({ contentType: 'application/pdf', fileName: `assay-report-${invitationId}.pdf` });
    const chunks: Uint8Array[] = [];
    await file.pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(progress.at(-1)?.loaded).toBe(pdf.length);

    const target = join(dir, 'report.pdf');
    const saved = await saveToFile(t.client.reports.pdf(invitationId), target);
    expect(saved.bytes).toBe(readFileSync(target).length);
    expect(readFileSync(target).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('streams the Excel export as bytes, with progress (4.14)', async () => {
    const progress: DownloadProgress[] = [];
    const file = await t.client.reports.excel(testId, { onProgress: (step) => progress.push(step) });
    expect(file.fileName).toMatch(/\.xlsx$/);
    const bytes = await file.bytes();
    expect(Buffer.from(bytes.subarray(0, 2)).toString()).toBe('PK');
    expect(progress.at(-1)?.loaded).toBe(bytes.byteLength);
    await expect(t.client.reports.excel(999_999)).rejects.toMatchObject({ statuscode: '404.2' });
  });

  it('lists completions and cancellations in a window, and pages through it (events)', async () => {
    const cancelled = await t.client.invitations.register(testId, { emailId: 'gone@example.com', fullName: 'Gone' });
    await t.client.invitations.cancel(cancelled.testInvitationId);
    const page = await t.client.events.list({ from: startedAt });
    expect(page.events.map((event) => [event.type, event.testInvitationId])).toEqual([
      ['completed', invitationId],
      ['cancelled', cancelled.testInvitationId],
    ]);
    expect(page.next).toBeNull();
    const all = [];
    for await (const event of t.client.events.all({ from: startedAt.toISOString(), limit: 1 })) all.push(event.testInvitationId);
    expect(all).toEqual([invitationId, cancelled.testInvitationId]);
    await expect(t.client.events.list({ from: 'yesterday' })).rejects.toMatchObject({ statuscode: '400.4' });
  });

  it('follows completions as they happen', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const following = (async () => {
      for await (const event of t.client.events.follow({ intervalMs: 50, signal: controller.signal })) {
        seen.push(event.testInvitationId);
        controller.abort();
      }
    })();
    const next = await completeAttempt(t.client, testId, 'live@example.com');
    await t.h.drainJobs();
    await following;
    expect(seen).toEqual([next]);
  });

  it('refuses a forged signed ReportPDFUrl (the real one is fetched in callbacks.test.ts)', async () => {
    const keyless = t.clientWith({ apiKey: undefined });
    const forged = await keyless.reports
      .signedPdf(`https://assay.test/v2/reports/${invitationId}/pdf?expires=9999999999&signature=forged`)
      .catch((caught: unknown) => caught);
    expect(forged).toBeInstanceOf(PermissionDeniedError);
    expect(forged).toMatchObject({ statuscode: '403.14' });
  });

  it("walks a test's invitations page after page, each once, and filters them (issue 48)", async () => {
    const listed = (await t.client.tests.import({ ...sampleDefinition, testName: 'Listed' })).testId;
    const first = (await t.client.invitations.register(listed, { emailId: 'first@example.com', fullName: 'First' })).testInvitationId;
    const second = (await t.client.invitations.register(listed, { emailId: 'second@example.com', fullName: 'Second' })).testInvitationId;
    const page = await t.client.invitations.list(listed, { page_size: 1, sort: '-invited', status: ['Pending', 'Awaiting review'] });
    expect(page).toMatchObject({ invitationsCount: 2, invitations: [{ testInvitationId: second, emailId: 'second@example.com', scoreStatus: 'unscored' }] });
    const walked: number[] = [];
    for await (const row of t.client.invitations.all(listed, { page_size: 1 })) walked.push(row.testInvitationId);
    expect(walked).toEqual([first, second]);
    expect((await t.client.invitations.list(listed, { q: 'nobody' })).invitations).toEqual([]);
    expect(await t.client.reports.get(invitationId)).toMatchObject({ scoreStatus: 'final', scoreSoFar: '2', awaitingReview: 0 });
  });
});
