import type { CandidateSession } from '@assay/domain/candidate';
import { candidateApi, type CandidateApi } from '../api/candidate-api.js';
import { ServerClock } from '../lib/clock.js';
import { showPreviewBanner } from '../views/preview-banner.js';
import type { Phase } from './phase.js';

/**
 * What the parts of the take-test page share: where the page is, the session as the server last sent it and the
 * server's clock. One object, so that a phase moved by one part (a submit, a refresh, the landing's Start) is the
 * phase every other part checks before it acts.
 */
export class TestPageState {
  phase: Phase = { kind: 'loading' };
  session: CandidateSession | null = null;
  readonly clock = new ServerClock();
  readonly api: CandidateApi;

  constructor(
    readonly root: HTMLElement,
    token: string,
  ) {
    this.api = candidateApi(token);
  }

  get testName(): string | null {
    return this.session?.test.testName ?? null;
  }

  /** Calls the API and sets the clock from the session's `serverTime`. */
  async synced(request: () => Promise<CandidateSession>): Promise<CandidateSession> {
    const sentAt = this.clock.reading();
    const session = await request();
    this.clock.sync(session.serverTime, sentAt, this.clock.reading());
    this.session = session;
    if (session.preview) showPreviewBanner(this.root);
    return session;
  }
}
