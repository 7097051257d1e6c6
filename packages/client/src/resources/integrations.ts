import type { z } from 'zod';
import { GreenhouseIntegration, type GreenhouseIntegrationInput } from '@assay/domain/greenhouse';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';

export type GreenhouseIntegrationBody = z.input<typeof GreenhouseIntegrationInput>;

/** The org's connections to applicant tracking systems (Assay extension): Greenhouse's Assessment Partner API. */
export class Integrations {
  constructor(private readonly transport: Transport) {}

  /** Whether Greenhouse's PATCH credentials are set (never the password), and the four partner URLs to give Greenhouse. */
  greenhouse(options?: CallOptions): Promise<GreenhouseIntegration> {
    return this.transport.json({ method: 'GET', path: '/v2/org/integrations/greenhouse', credential: 'apiKey' }, GreenhouseIntegration, options);
  }

  /** Sets the HTTP Basic credentials Greenhouse issued for its PATCH "test completed" (an admin key: 403.17 for a reviewer key). */
  configureGreenhouse(body: GreenhouseIntegrationBody, options?: CallOptions): Promise<GreenhouseIntegration> {
    return this.transport.json({ method: 'PUT', path: '/v2/org/integrations/greenhouse', body, credential: 'apiKey' }, GreenhouseIntegration, options);
  }
}
