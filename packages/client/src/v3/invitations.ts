import { V3CancelledInvitation, V3Failure, V3Invitation, V3Reattempt, type V3InviteInput, type V3ReattemptInput } from '@assay/domain/invitations';
import type { z } from 'zod';
import { AssayApiError, apiErrorOf } from '../core/errors.js';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { RequestSpec, Transport } from '../core/transport.js';

/** A v3 invite's body as sent: dates are strings, URLs may be null to clear. */
export type V3InviteBody = z.input<typeof V3InviteInput>;
/** A v3 reattempt's body as sent (PascalCase as v3 documents it; camelCase is taken too). */
export type V3ReattemptBody = z.input<typeof V3ReattemptInput>;

/** v3 answers its failures as `{ statusCode, message, errors, statuscode }`: the error carries that message and code. */
const v3ErrorOf = (error: AssayApiError): AssayApiError => {
  const parsed = (() => {
    try {
      return V3Failure.safeParse(JSON.parse(error.body));
    } catch {
      return undefined;
    }
  })();
  if (!parsed?.success) return error;
  const { message, statuscode } = parsed.data;
  return apiErrorOf({ status: error.status, statuscode, description: null, message, headers: error.headers, body: error.body }, error.retryAfterMs);
};

/**
 * iMocha v3's invite, invite by link, reattempt and cancel (issue 52; docs/v3.md, "Invitations"): plain JSON answers, no
 * envelope. Every one is a POST the server deduplicates by Idempotency-Key, so each is retried like v2's keyed POSTs.
 */
export class V3Invitations {
  constructor(private readonly transport: Transport) {}

  private async call<S extends z.ZodType>(
    spec: Omit<RequestSpec, 'method' | 'credential' | 'acceptsIdempotencyKey'>,
    schema: S,
    options?: CallOptions,
  ): Promise<z.output<S>> {
    try {
      return schema.parse(await this.transport.document({ ...spec, method: 'POST', credential: 'apiKey', acceptsIdempotencyKey: true }, options));
    } catch (error) {
      throw error instanceof AssayApiError ? v3ErrorOf(error) : error;
    }
  }

  /** `POST /v3/tests/{testId}/invite`: the same email again answers as v3's re-invite table says. */
  invite(testId: number, body: V3InviteBody, options?: CallOptions): Promise<V3Invitation> {
    return this.call({ path: `/v3/tests/${segment(testId)}/invite`, body }, V3Invitation, options);
  }

  /** `POST /v3/tests/{testId}/testlinks/{testLinkId}/invite`: the link's settings apply. */
  inviteByLink(testId: number, testLinkId: number, body: V3InviteBody, options?: CallOptions): Promise<V3Invitation> {
    return this.call({ path: `/v3/tests/${segment(testId)}/testlinks/${segment(testLinkId)}/invite`, body }, V3Invitation, options);
  }

  /** `POST /v3/invitations/{id}/reattempt`: a finished attempt gets a new invitation. */
  reattempt(testInvitationId: number, body: V3ReattemptBody = {}, options?: CallOptions): Promise<V3Reattempt> {
    return this.call({ path: `/v3/invitations/${segment(testInvitationId)}/reattempt`, body }, V3Reattempt, options);
  }

  /** `POST /v3/invitations/{id}/cancel`: a pending invitation only. */
  cancel(testInvitationId: number, options?: CallOptions): Promise<V3CancelledInvitation> {
    return this.call({ path: `/v3/invitations/${segment(testInvitationId)}/cancel` }, V3CancelledInvitation, options);
  }
}
