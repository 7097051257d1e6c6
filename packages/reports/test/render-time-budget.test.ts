import { afterAll, describe, expect, it } from 'vitest';
import { RenderTimeoutError, ReportRenderer, sampleReportDetails, type ReportPdfData } from '../src/index.js';

/** Issue 48 item 3 (decision 642): a render past its time budget is stopped, its thread ended, its place freed. */
const data = (): ReportPdfData => ({ details: sampleReportDetails({ questions: 12 }), generatedAt: Date.UTC(2026, 10, 26) });

describe('the time budget of a PDF render', () => {
  // A budget no render meets (loading the fonts alone takes longer): every render of this renderer is stopped.
  const tiny = new ReportRenderer({ threads: 1, queue: 1, pdfTimeBudgetMs: 1 });
  const generous = new ReportRenderer({ threads: 1, queue: 1 });
  afterAll(() => Promise.all([tiny.close(), generous.close()]));

  it('stops a render past its budget with RenderTimeoutError, ends its thread and frees its place', async () => {
    const stopped = await tiny.renderPdf(async () => data()).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(RenderTimeoutError);
    expect((stopped as Error).message).toBe('The PDF took longer than its 0.001-second budget to render and was stopped.');
    expect(tiny.pending).toBe(0);
    // The stopped thread is gone (piscina ended it), and the pool takes the next renders: one running, one queued.
    const next = await Promise.allSettled([tiny.renderPdf(async () => data()), tiny.renderPdf(async () => data())]);
    expect(next.map((result) => result.status === 'rejected' && result.reason instanceof RenderTimeoutError)).toEqual([true, true]);
    expect(tiny.pending).toBe(0);
  }, 60_000);

  it('renders within the default budget', async () => {
    const pdf = await generous.renderPdf(async () => data());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 60_000);
});
