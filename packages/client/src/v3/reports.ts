import { V3Report, V3TestAttemptsAnswer, type V3AttemptState, type V3ReportType, type V3TestAttemptsInput } from '@assay/domain/report';
import type { z } from 'zod';
import { decodeResult } from '../core/decode.js';
import type { FileDownload } from '../core/file-download.js';
import type { CallOptions, DownloadOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { RequestSpec, Transport } from '../core/transport.js';

/** A v3 answer is a plain JSON document (no v2 envelope): read it, then check it against its schema. */
const v3Json = async <S extends z.ZodType>(transport: Transport, spec: RequestSpec, schema: S, options?: CallOptions): Promise<z.output<S>> => {
  const body = await transport.document(spec, options);
  return decodeResult(schema, body, { status: 200, body: JSON.stringify(body), requestId: null });
};

/** iMocha v3's reports (issue 52): `GET /v3/reports/{id}` and its PDF. */
export class V3Reports {
  constructor(private readonly transport: Transport) {}

  /** The report: `reportType` 1 section-wise (the default), 2 skill-wise, 3 both. */
  get(testInvitationId: number, reportType: V3ReportType = '1', options?: CallOptions): Promise<V3Report> {
    const spec: RequestSpec = { method: 'GET', path: `/v3/reports/${segment(testInvitationId)}`, query: { reportType }, credential: 'apiKey' };
    return v3Json(this.transport, spec, V3Report, options);
  }

  /** The report as a PDF: read it with `pipeTo`, `bytes()` or `saveToFile` from `@assay/client/node`. */
  pdf(testInvitationId: number, options?: DownloadOptions): Promise<FileDownload> {
    return this.transport.download({ method: 'GET', path: `/v3/reports/${segment(testInvitationId)}/pdf`, credential: 'apiKey' }, options);
  }
}

/** iMocha v3's reconciliation: `POST /v3/candidates/testattempts`. */
export class V3Candidates {
  constructor(private readonly transport: Transport) {}

  /** The attempts of a state in a UTC window of at most 31 days (a read: safe to retry). */
  testAttempts(state: V3AttemptState, window: V3TestAttemptsInput, options?: CallOptions): Promise<V3TestAttemptsAnswer> {
    const spec: RequestSpec = { method: 'POST', path: '/v3/candidates/testattempts', query: { state }, body: window, credential: 'apiKey', idempotent: true };
    return v3Json(this.transport, spec, V3TestAttemptsAnswer, options);
  }
}
