import { CandidateFollowUps, type FollowUpAnswerInput } from '@assay/domain/ai';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

/**
 * Authorship follow-ups on a submitted answer (`/candidate/v1/{token}/follow-ups/{questionId}`, docs/ai.md
 * "Authorship follow-ups"): submit the answer to be asked them, read them, save an answer as typed or send it, and
 * record a paste the page refused.
 */
export class CandidateFollowUpsApi {
  constructor(
    private readonly transport: Transport,
    private readonly base: string,
  ) {}

  /** The candidate submitted the question's answer (saved first): its follow-ups, the first one's timer started. */
  submit(questionId: number, options?: CallOptions): Promise<CandidateFollowUps> {
    return this.transport.json({ method: 'POST', path: `${this.base}/${segment(questionId)}`, credential: 'none' }, CandidateFollowUps, options);
  }

  /** The follow-ups now (a reloaded page, or the next one's turn). */
  read(questionId: number, options?: CallOptions): Promise<CandidateFollowUps> {
    return this.transport.json({ method: 'GET', path: `${this.base}/${segment(questionId)}`, credential: 'none' }, CandidateFollowUps, options);
  }

  /** Saves a follow-up's answer as typed (`final` false) or sends it; 409.100 once it is closed. A PUT, retried safely. */
  save(questionId: number, position: number, input: FollowUpAnswerInput, options?: CallOptions): Promise<CandidateFollowUps> {
    return this.transport.json(
      { method: 'PUT', path: `${this.base}/${segment(questionId)}/${segment(position)}`, body: input, credential: 'none' },
      CandidateFollowUps,
      options,
    );
  }

  /** Counts a paste the page refused in a follow-up's box (its text is never sent). */
  refusedPaste(questionId: number, position: number, options?: CallOptions): Promise<CandidateFollowUps> {
    return this.transport.json(
      { method: 'POST', path: `${this.base}/${segment(questionId)}/${segment(position)}/paste`, credential: 'none' },
      CandidateFollowUps,
      options,
    );
  }
}
