import { PersonalData } from '@assay/domain/schemas';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';

/** A person's data held by the organization (issue 51): access, for an admin API key. */
export class PersonalDataResource {
  constructor(private readonly transport: Transport) {}

  /**
   * `POST /v2/org/candidates/export`: everything the organization holds about `emailId`, as one document (GDPR Art.
   * 15). NotFoundError (404.52) when it holds nothing under the address; PermissionDeniedError (403.17) for a key that
   * is not an admin's. Sent without an Idempotency-Key: the server keeps no copy of the answer (decision 879).
   */
  export(emailId: string, options?: CallOptions): Promise<PersonalData> {
    return this.transport.json({ method: 'POST', path: '/v2/org/candidates/export', body: { emailId }, credential: 'apiKey' }, PersonalData, options);
  }
}
