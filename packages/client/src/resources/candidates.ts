import { ErasedCandidates, type EraseCandidatesInput } from '@assay/domain/invitations';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';

/** Whom to erase: every invitation of an address, or one invitation. */
export type EraseCandidatesBody = EraseCandidatesInput;

/**
 * Candidates as people whose data the organization holds (issue 51): erasure, for an admin API key; any other role gets
 * PermissionDeniedError (403.17).
 */
export class Candidates {
  constructor(private readonly transport: Transport) {}

  /**
   * Erases the person's data (names, address, written answers, code, snapshots, notes) everywhere; scores stay as
   * "Erased candidate". Cannot be undone. NotFoundError 404.51 for an address the organization holds nothing of (never,
   * or erased already), 404.4 for an unknown invitation; an invitation erased before answers `alreadyErased: 1`.
   */
  erase(whom: EraseCandidatesBody, options?: CallOptions): Promise<ErasedCandidates> {
    return this.transport.json(
      { method: 'POST', path: '/v2/org/candidates/erase', body: whom, credential: 'apiKey', acceptsIdempotencyKey: true },
      ErasedCandidates,
      options,
    );
  }
}
