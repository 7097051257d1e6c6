import { RetentionSettings, type RetentionSettingsInput } from '@assay/domain/invitations';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';

/** The org's retention periods in days (issue 51 item 2): null keeps; a period left out of `set` stays. */
export class RetentionSettingsResource {
  constructor(private readonly transport: Transport) {}

  get(options?: CallOptions): Promise<RetentionSettings> {
    return this.transport.json({ method: 'GET', path: '/v2/org/retention-settings', credential: 'apiKey' }, RetentionSettings, options);
  }

  /** An admin key only (403.17 otherwise); periods out of bounds, or media kept longer than their invitation, are 400.56. */
  set(body: RetentionSettingsInput, options?: CallOptions): Promise<RetentionSettings> {
    return this.transport.json({ method: 'PUT', path: '/v2/org/retention-settings', body, credential: 'apiKey' }, RetentionSettings, options);
  }
}
