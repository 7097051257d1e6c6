import {
  AnswerSaved,
  CandidateSession,
  ViolationCounts,
  PublicLinkView,
  RunCodeResult,
  SelfRegistration,
  SnapshotSaved,
  type AnswerInput,
  type ProctoringEventInput,
  type RunCodeInput,
  type SelfRegistrationInput,
} from '@assay/domain';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

/**
 * The candidate API of one invitation (`/candidate/v1/{token}`): the token from the take-test URL is the only
 * credential, so no API key is ever sent. Every answer is the domain's CandidateSession or its small receipts,
 * so this follows the domain as the session changes.
 */
export class CandidateAttempt {
  private readonly base: string;

  constructor(
    private readonly transport: Transport,
    token: string,
  ) {
    this.base = `/candidate/v1/${segment(token)}`;
  }

  /** State, test, access verdict, deadline and saved answers. */
  session(options?: CallOptions): Promise<CandidateSession> {
    return this.transport.json({ method: 'GET', path: this.base, credential: 'none' }, CandidateSession, options);
  }

  /** Starts the attempt (access rules are checked here; 403.5–403.12 say why not). */
  start(options?: CallOptions): Promise<CandidateSession> {
    return this.transport.json({ method: 'POST', path: `${this.base}/start`, credential: 'none' }, CandidateSession, options);
  }

  /** Saves an answer as it changes; a PUT, so it is retried safely. */
  saveAnswer(questionId: number, answer: AnswerInput, options?: CallOptions): Promise<AnswerSaved> {
    return this.transport.json({ method: 'PUT', path: `${this.base}/answers/${segment(questionId)}`, body: answer, credential: 'none' }, AnswerSaved, options);
  }

  /** The candidate left or came back to the test window; answers the updated counters. */
  reportEvent(event: ProctoringEventInput, options?: CallOptions): Promise<ViolationCounts> {
    return this.transport.json({ method: 'POST', path: `${this.base}/events`, body: event, credential: 'none' }, ViolationCounts, options);
  }

  /** A camera snapshot as a `data:image/jpeg;base64,…` URL (links with imageProctoring). */
  uploadSnapshot(image: string, options?: CallOptions): Promise<SnapshotSaved> {
    return this.transport.json({ method: 'POST', path: `${this.base}/snapshots`, body: { image }, credential: 'none' }, SnapshotSaved, options);
  }

  /**
   * Runs code against a coding question's sample tests: `code` alone in the question's first language,
   * `{ code, language }` in one it accepts.
   */
  runCode(questionId: number, code: string | RunCodeInput, options?: CallOptions): Promise<RunCodeResult> {
    const body: RunCodeInput = typeof code === 'string' ? { code } : code;
    return this.transport.json({ method: 'POST', path: `${this.base}/run/${segment(questionId)}`, body, credential: 'none' }, RunCodeResult, options);
  }

  submit(options?: CallOptions): Promise<CandidateSession> {
    return this.transport.json({ method: 'POST', path: `${this.base}/submit`, credential: 'none' }, CandidateSession, options);
  }
}

/** A public test link (`/candidate/v1/links/{testLinkAccessKey}`): what it offers, and self-registration. */
export class PublicTestLink {
  private readonly base: string;

  constructor(
    private readonly transport: Transport,
    accessKey: string,
  ) {
    this.base = `/candidate/v1/links/${segment(accessKey)}`;
  }

  /** The test, the link's validity in words and whether it is open now. */
  view(options?: CallOptions): Promise<PublicLinkView> {
    return this.transport.json({ method: 'GET', path: this.base, credential: 'none' }, PublicLinkView, options);
  }

  /** Registers the candidate; refused on invite-only, inactive or closed links. */
  register(candidate: SelfRegistrationInput, options?: CallOptions): Promise<SelfRegistration> {
    return this.transport.json({ method: 'POST', path: `${this.base}/register`, body: candidate, credential: 'none' }, SelfRegistration, options);
  }
}

/** The token at the end of a take-test URL (`…/t/{token}`), for `client.candidate(token)`. */
export const candidateTokenOf = (takeTestUrl: string): string => {
  const token = new URL(takeTestUrl, 'http://relative.invalid').pathname.split('/').filter(Boolean).at(-1);
  if (!token) throw new TypeError(`No candidate token in ${takeTestUrl}`);
  return decodeURIComponent(token);
};
