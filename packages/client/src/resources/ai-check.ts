import { AiCheck } from '@assay/domain/ai';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';
import { segment } from '../core/path.js';

/** Which of a test's questions the configured model solves (issue 60 item 7; docs/ai.md "Which questions a model solves"). */
export class AiCheckResource {
  constructor(private readonly transport: Transport) {}

  /** Starts a check (400.31 without a model, 409.103 while one runs); answers it at once, `state: "running"`. */
  start(testId: number, options?: CallOptions): Promise<AiCheck> {
    const path = `/v2/org/tests/${segment(testId)}/ai-check`;
    return this.transport.json({ method: 'POST', path, credential: 'apiKey', acceptsIdempotencyKey: true }, AiCheck, options);
  }

  /** The latest check, running (the questions done so far) or finished; 404.104 before the first. */
  get(testId: number, options?: CallOptions): Promise<AiCheck> {
    return this.transport.json({ method: 'GET', path: `/v2/org/tests/${segment(testId)}/ai-check`, credential: 'apiKey' }, AiCheck, options);
  }
}
