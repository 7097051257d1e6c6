import { TestSettings } from '@assay/domain/invitations';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';
import { segment } from '../core/path.js';

/**
 * A test's settings on the v2 side (issue 52, decision 931): v3's settings object in the envelope — question and answer
 * order, marks shown, practice, section popups and alerts, feedback, the candidate's report email, violation rules.
 */
export class TestSettingsResource {
  constructor(private readonly transport: Transport) {}

  /** The test's settings; its defaults when never set. */
  get(testId: number, options?: CallOptions): Promise<TestSettings> {
    return this.transport.json({ method: 'GET', path: `/v2/org/tests/${segment(testId)}/settings`, credential: 'apiKey' }, TestSettings, options);
  }

  /** Replaces them whole (every group). Not for a reviewer key (403.17). */
  put(testId: number, body: TestSettings, options?: CallOptions): Promise<TestSettings> {
    const path = `/v2/org/tests/${segment(testId)}/settings`;
    return this.transport.json({ method: 'PUT', path, body, credential: 'apiKey' }, TestSettings, options);
  }
}
