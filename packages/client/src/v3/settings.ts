import { TestSettings, type TestSettingsInput } from '@assay/domain/invitations';
import type { z } from 'zod';
import { decodeResult } from '../core/decode.js';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';
import { segment } from '../core/path.js';

/** The settings as v3 takes them: each switch a boolean or iMocha's 0/1 (decision 1029). */
export type V3TestSettingsBody = z.input<typeof TestSettingsInput>;

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

  /** `POST /v3/tests/{testId}/settings`: the whole object, switches as booleans or iMocha's 0/1; answers (201) what was stored, in booleans. */
  async update(testId: number, body: V3TestSettingsBody, options?: CallOptions): Promise<TestSettings> {
    const path = `/v3/tests/${segment(testId)}/settings`;
    return this.decode(await this.transport.document({ method: 'POST', path, body, credential: 'apiKey', idempotent: true }, options));
  }

  private decode(document: unknown): TestSettings {
    return decodeResult(TestSettings, document, { status: 200, body: JSON.stringify(document), requestId: null });
  }
}
