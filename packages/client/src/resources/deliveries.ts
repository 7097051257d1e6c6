import { DeliveryLog, QueuedMessage } from '@assay/domain/schemas';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

export type Delivery = DeliveryLog['deliveries'][number];

/** The delivery log of callbacks and emails, and redelivery (extensions). */
export class Deliveries {
  constructor(private readonly transport: Transport) {}

  /** Every callback and email of an invitation, with every attempt and the next one planned. */
  list(testInvitationId: number, options?: CallOptions): Promise<Delivery[]> {
    return this.transport
      .json({ method: 'GET', path: `/v2/org/testinvitation/${segment(testInvitationId)}/deliveries`, credential: 'apiKey' }, DeliveryLog, options)
      .then((log) => log.deliveries);
  }

  /** Sends a callback or email again, with the same webhook-id so receivers can deduplicate. */
  redeliver(jobId: number, options?: CallOptions): Promise<QueuedMessage> {
    return this.transport.json(
      { method: 'POST', path: `/v2/org/deliveries/${segment(jobId)}/redeliver`, credential: 'apiKey', acceptsIdempotencyKey: true },
      QueuedMessage,
      options,
    );
  }
}
