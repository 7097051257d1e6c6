import { TestSettings } from '@assay/domain/invitations';
import { decodeResult } from '../core/decode.js';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';
import { segment } from '../core/path.js';

/**
 * iMocha v3's test settings (`/v3/tests/{testId}/settings`, issue 52): the bare object v3 answers, no envelope. Failures
 * are the same typed errors as v2's, from v3's plain HTTP statuses.
 */
export class V3TestSettings {
  constructor(private readonly transport: Transport) {}

  /** `GET /v3/tests/{testId}/settings`. */
  async get(testId: number, options?: CallOptions): Promise<TestSettings> {
    const path = `/v3/tests/${segment(testId)}/settings`;
    return this.decode(await this.transport.document({ method: 'GET', path, credential: 'apiKey' }, options));
  }

  /** `POST /v3/tests/{testId}/settings`: the whole object; answers (201) what was stored. */
  async update(testId: number, body: TestSettings, options?: CallOptions): Promise<TestSettings> {
    const path = `/v3/tests/${segment(testId)}/settings`;
    return this.decode(await this.transport.document({ method: 'POST', path, body, credential: 'apiKey', idempotent: true }, options));
  }

  private decode(document: unknown): TestSettings {
    return decodeResult(TestSettings, document, { status: 200, body: JSON.stringify(document), requestId: null });
  }
}
