import { CandidateComparison, ItemAnalysis, ReportDetails, SimilarityPage, type SimilarityPairEntry } from '@assay/domain/report';
import type { ReportAi } from '@assay/domain/ai';
import { CandidateReport, MAX_PAGE_SIZE, ReportScoreFields, RevokedReportLinks, SectionReport } from '@assay/domain/schemas';
import type { z } from 'zod';
import { AssayError } from '../core/errors.js';
import type { FileDownload } from '../core/file-download.js';
import type { CallOptions, DownloadOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

/**
 * The spec names the section report `result.sections` and shows a bare array; both read the same, and the
 * wrapper's key is matched as loosely as every other key (`Sections`, `"sections "`).
 */
export const sectionsOf = (result: unknown): unknown => {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return result;
  const key = Object.keys(result).find((name) => name.trim().toLowerCase() === 'sections');
  return key === undefined ? result : (result as Record<string, unknown>)[key];
};

/**
 * The candidate report as read: Assay's score status fields (decision 650) when the server sends them, absent from a
 * v2 server that does not.
 */
export const ReadReport = CandidateReport.extend(ReportScoreFields.partial().shape);
export type ReadReport = z.infer<typeof ReadReport>;

/** A page of an attempt's similarity pairs, and optionally one question's only. */
export interface SimilarityQuery {
  page_no?: number;
  page_size?: number;
  questionId?: number;
}

const SIGNED_REPORT_PATH = /^\/v2\/reports\/\d+\/pdf$/;

/** Reports (4.11–4.14) and the signed `ReportPDFUrl` of callbacks. */
export class Reports {
  constructor(private readonly transport: Transport) {}

  /** The candidate report: score, total, time taken, violations, statuses, and whether the score is provisional. */
  get(testInvitationId: number, options?: CallOptions): Promise<ReadReport> {
    return this.transport.json({ method: 'GET', path: `/v2/org/report/${segment(testInvitationId)}`, credential: 'apiKey' }, ReadReport, options);
  }

  /** Section scores, as an array whichever form the server sends. */
  sections(testInvitationId: number, options?: CallOptions): Promise<SectionReport> {
    return this.transport.json(
      { method: 'GET', path: `/v2/org/report/${segment(testInvitationId)}/sections`, credential: 'apiKey' },
      SectionReport,
      options,
      sectionsOf,
    );
  }

  /**
   * Everything the PDF report shows, as JSON (an Assay extension, `getReportDetails`): per-question marks, hidden
   * test verdicts, time per section, the percentile among completed attempts, departures and snapshots.
   */
  details(testInvitationId: number, options?: CallOptions): Promise<ReportDetails> {
    return this.transport.json({ method: 'GET', path: `/v2/org/report/${segment(testInvitationId)}/details`, credential: 'apiKey' }, ReportDetails, options);
  }

  /**
   * 2–5 candidates of a test side by side (issue 61 item 4): score, sections, skills, time, integrity level, what was
   * recorded, and every question's marks in the test's order. The server refuses fewer or more (400.125), an id twice
   * (400.126) and an id not of this test (404.4, naming it).
   */
  compare(testId: number, testInvitationIds: readonly number[], options?: CallOptions): Promise<CandidateComparison> {
    return this.transport.json(
      { method: 'GET', path: `/v2/org/tests/${segment(testId)}/compare`, query: { ids: testInvitationIds.join(',') }, credential: 'apiKey' },
      CandidateComparison,
      options,
    );
  }

  /**
   * Item analysis of a test's questions on the org's attempts with final results (issue 62 item 5,
   * docs/item-analysis.md): per question and version its facility, discrimination (correlation with the rest of the
   * test), Kelley's upper-lower index, each option's share, median time, attempts, exposures and flags. A test not in
   * the org is 404.2; a blind-reviewer key is refused (403.17). One version of the test at a time
   * (docs/test-versions.md): the current one, or `version`'s (404.2 for one the test does not have).
   */
  itemAnalysis(testId: number, options?: CallOptions & { readonly version?: number }): Promise<ItemAnalysis> {
    const { version, ...call } = options ?? {};
    return this.transport.json(
      {
        method: 'GET',
        path: `/v2/org/tests/${segment(testId)}/item-analysis`,
        ...(version === undefined ? {} : { query: { version } }),
        credential: 'apiKey',
      },
      ItemAnalysis,
      call,
    );
  }

  /**
   * The attempt's AI policy and its assistant's transcript, `/details`' `ai` (issue 60, docs/ai.md "The transcript in
   * reports"): every message, reply (withheld ones included), insertion and follow-up; null for an attempt without an
   * AI record.
   */
  async transcript(testInvitationId: number, options?: CallOptions): Promise<ReportAi | null> {
    return (await this.details(testInvitationId, options)).ai ?? null;
  }

  /**
   * One page of every similarity pair of the attempt (an Assay extension, `GET …/testinvitation/{id}/similarity`):
   * `/details` lists the closest few per question; this reaches the rest, highest score first. Each entry's `eventId`
   * reviews it through `invitations.reviewEvidence`.
   */
  similarity(testInvitationId: number, query: SimilarityQuery = {}, options?: CallOptions): Promise<SimilarityPage> {
    return this.transport.json(
      { method: 'GET', path: `/v2/org/testinvitation/${segment(testInvitationId)}/similarity`, query: { ...query }, credential: 'apiKey' },
      SimilarityPage,
      options,
    );
  }

  /** Every similarity pair of the attempt (or of one question), page after page: `for await (const pair of …)`. */
  async *similarityAll(
    testInvitationId: number,
    query: Omit<SimilarityQuery, 'page_no' | 'page_size'> = {},
    options?: CallOptions,
  ): AsyncGenerator<SimilarityPairEntry, void, undefined> {
    for (let pageNo = 1; ; pageNo++) {
      const page = await this.similarity(testInvitationId, { ...query, page_size: MAX_PAGE_SIZE, page_no: pageNo }, options);
      yield* page.pairs;
      if (page.pairs.length < MAX_PAGE_SIZE || pageNo * MAX_PAGE_SIZE >= page.pairsCount) return;
    }
  }

  /** The report as a PDF (4.13): read it with `pipeTo`, `bytes()` or `saveToFile` from `@assay/client/node`. */
  pdf(testInvitationId: number, options?: DownloadOptions): Promise<FileDownload> {
    return this.transport.download({ method: 'GET', path: `/v2/org/report/${segment(testInvitationId)}/pdf`, credential: 'apiKey' }, options);
  }

  /** The test's report as an xlsx workbook (4.14), streamed as it is written. */
  excel(testId: number, options?: DownloadOptions): Promise<FileDownload> {
    return this.transport.download({ method: 'GET', path: `/v2/org/report/${segment(testId)}/excel`, credential: 'apiKey' }, options);
  }

  /**
   * Revokes every signed `ReportPDFUrl` issued so far for the invitation (an Assay extension, `revokeReportLinks`):
   * they answer 403.14 from then on; the org API keeps serving the report, and links issued later work.
   */
  revokeLinks(testInvitationId: number, options?: CallOptions): Promise<RevokedReportLinks> {
    return this.transport.json(
      { method: 'POST', path: `/v2/org/report/${segment(testInvitationId)}/links/revoke`, credential: 'apiKey', acceptsIdempotencyKey: true },
      RevokedReportLinks,
      options,
    );
  }

  /**
   * The PDF behind a callback's `ReportPDFUrl` (signed, no API key). Only its path and query are used, sent to
   * this client's baseUrl: the client never follows a URL from a payload to another host.
   */
  async signedPdf(reportPdfUrl: string, options?: DownloadOptions): Promise<FileDownload> {
    const url = new URL(reportPdfUrl, 'http://relative.invalid');
    if (!SIGNED_REPORT_PATH.test(url.pathname)) throw new AssayError(`Not a signed report URL: ${reportPdfUrl}`);
    const query = Object.fromEntries(url.searchParams);
    return this.transport.download({ method: 'GET', path: url.pathname, query, credential: 'none' }, options);
  }
}
