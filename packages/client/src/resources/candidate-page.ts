import type { z } from 'zod';
import { CandidatePageSettings, type CandidatePageSettingsInput } from '@assay/domain/schemas';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';

/** A field left out keeps its value; null or "" clears it. */
export type CandidatePageBody = z.input<typeof CandidatePageSettingsInput>;

/** What candidate pages say about the organization: "Assessment from <displayName>" and whom to ask. */
export class CandidatePage {
  constructor(private readonly transport: Transport) {}

  /** The display name and contact chosen (null: not chosen), and `shown`: what candidates see now. */
  get(options?: CallOptions): Promise<CandidatePageSettings> {
    return this.transport.json({ method: 'GET', path: '/v2/org/candidate-page', credential: 'apiKey' }, CandidatePageSettings, options);
  }

  /** Changes the given fields only. A contactName needs a contactEmail or a contactUrl (else 400.17). */
  update(body: CandidatePageBody, options?: CallOptions): Promise<CandidatePageSettings> {
    return this.transport.json(
      { method: 'POST', path: '/v2/org/candidate-page', body, credential: 'apiKey', acceptsIdempotencyKey: true },
      CandidatePageSettings,
      options,
    );
  }
}
