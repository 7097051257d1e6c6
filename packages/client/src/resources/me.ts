import { WhoAmI } from '@assay/domain/schemas';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';

/** Who the API key is (issue 50): its person, role and capabilities, so a front offers only what the key may do. */
export class Me {
  constructor(private readonly transport: Transport) {}

  /** `GET /v2/org/me`: every key may ask, a blind reviewer's too. */
  get(options?: CallOptions): Promise<WhoAmI> {
    return this.transport.json({ method: 'GET', path: '/v2/org/me', credential: 'apiKey' }, WhoAmI, options);
  }
}
