import { V3CallbackReplayAnswer } from '@assay/domain/invitations';
import { decodeResult } from '../core/decode.js';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';

/**
 * iMocha v3's callback replay (issue 52): `POST /v3/callbacks/process`. Answers are v3's plain JSON, not the v2 envelope.
 * An id not of the organization (or missing) rejects with AuthenticationError (401) whose body names each id.
 */
export class V3Callbacks {
  constructor(private readonly transport: Transport) {}

  /** Sends again the completion callback of each ended invitation (1 to 100 ids); the rest come back as `failed`. */
  async process(testinvitationIds: readonly number[], options?: CallOptions): Promise<V3CallbackReplayAnswer> {
    const answer = await this.transport.document(
      { method: 'POST', path: '/v3/callbacks/process', body: { testinvitationIds }, credential: 'apiKey', idempotent: true },
      options,
    );
    return decodeResult(V3CallbackReplayAnswer, answer, { status: 200, body: JSON.stringify(answer), requestId: null });
  }
}
