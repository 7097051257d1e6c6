import {
  AnswerSaved,
  CandidateFeedback,
  CandidateSession,
  StartedCandidateSession,
  ViolationCounts,
  PublicLinkView,
  RunCodeResult,
  SampleRun,
  SelfRegistration,
  SnapshotSaved,
  type AnswerInput,
  type CandidateFeedbackInput,
  type ProctoringEventInput,
  type RunCodeInput,
  type SelfRegistrationInput,
  type StartRunInput,
} from '@assay/domain/candidate';
import type { CandidateStartInput } from '@assay/domain/ai';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';
import { CandidateAssistantApi } from './candidate-assistant.js';
import { CandidateFollowUpsApi } from './candidate-follow-ups.js';

/**
 * The candidate API of one invitation (`/candidate/v1/{token}`): the token from the take-test URL is the only
 * credential, so no API key is ever sent. Every answer is the domain's CandidateSession or its small receipts,
 * so this follows the domain as the session changes.
 */
export class CandidateAttempt {
  private readonly base: string;
  /** Sample and custom-input runs that answer at once and are followed (`…/runs`). */
  readonly runs: CandidateRuns;
  /** The AI assistant beside each question the attempt's policy offers it on (`…/assistant`, issue 60). */
  readonly assistant: CandidateAssistantApi;
  /** Authorship follow-ups on submitted coding and written answers (`…/follow-ups`, issue 60). */
  readonly followUps: CandidateFollowUpsApi;

  constructor(
    private readonly transport: Transport,
    token: string,
  ) {
    this.base = `/candidate/v1/${segment(token)}`;
    this.runs = new CandidateRuns(transport, `${this.base}/runs`);
    this.assistant = new CandidateAssistantApi(transport, `${this.base}/assistant`);
    this.followUps = new CandidateFollowUpsApi(transport, `${this.base}/follow-ups`);
  }

  /** State, test, access verdict, deadline and saved answers. */
  session(options?: CallOptions): Promise<CandidateSession> {
    return this.transport.json({ method: 'GET', path: this.base, credential: 'none' }, CandidateSession, options);
  }

  /**
   * Starts the attempt (access rules are checked here; 403.5–403.12 say why not). The running attempt's session
   * has every section's questions, typed by `type`: `question.type === 'coding'` narrows to a coding question.
   * `input.aiNoticeAcknowledged`: the candidate acknowledged the landing page's AI notice (recorded with the attempt).
   */
  start(options?: CallOptions, input: CandidateStartInput = {}): Promise<StartedCandidateSession> {
    return this.transport.json({ method: 'POST', path: `${this.base}/start`, body: input, credential: 'none' }, StartedCandidateSession, options);
  }

  /** Saves an answer as it changes; a PUT, so it is retried safely. */
  saveAnswer(questionId: number, answer: AnswerInput, options?: CallOptions): Promise<AnswerSaved> {
    return this.transport.json({ method: 'PUT', path: `${this.base}/answers/${segment(questionId)}`, body: answer, credential: 'none' }, AnswerSaved, options);
  }

  /** The candidate left or came back to the test window; answers the updated counters. */
  reportEvent(event: ProctoringEventInput, options?: CallOptions): Promise<ViolationCounts> {
    return this.transport.json({ method: 'POST', path: `${this.base}/events`, body: event, credential: 'none' }, ViolationCounts, options);
  }

  /** A camera snapshot as a base64 data URL of a JPEG, PNG or WebP image (`data:image/jpeg;base64,…`; links with imageProctoring). */
  uploadSnapshot(image: string, options?: CallOptions): Promise<SnapshotSaved> {
    return this.transport.json({ method: 'POST', path: `${this.base}/snapshots`, body: { image }, credential: 'none' }, SnapshotSaved, options);
  }

  /**
   * The candidate's feedback once the attempt has ended, when the test asks for it (`session.displayMessages`): a
   * rating 1–5 and/or text up to 2,000 characters, once per attempt (400.66 bad input, 400.67 not taken).
   */
  giveFeedback(feedback: CandidateFeedbackInput, options?: CallOptions): Promise<CandidateFeedback> {
    return this.transport.json({ method: 'POST', path: `${this.base}/feedback`, body: feedback, credential: 'none' }, CandidateFeedback, options);
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

/** A long poll: how long the server may hold the answer (at most 25 000 ms), and the version seen last. */
export interface RunWait {
  /** Milliseconds the server may wait for the run to change before it answers; the call's time-out is stretched to fit. */
  waitMs?: number;
  /** Wait for a version past this one (by default the version the run has when the request arrives). */
  since?: number;
}

/**
 * An attempt's runs (`/candidate/v1/{token}/runs`). Every answer is a `SampleRun`, narrowed by its `state`:
 * `queued` has `ahead` and `etaMs`, `done` has `results` (sample tests) or `custom`, `failed` has `message`.
 * Runs live in the server process that took them (a run another process took is `404.11`).
 */
export class CandidateRuns {
  constructor(
    private readonly transport: Transport,
    private readonly base: string,
  ) {}

  /**
   * Starts a run of `questionId`'s sample tests, or with `customArgs` of the candidate's own arguments. Refused
   * like `runCode` (429.2, 429.3, 503.2 with Retry-After); a POST, so it is not retried. With `waitMs` the answer
   * is the results when the run finishes within that time (a queued run answers at once, with its place).
   */
  start(input: StartRunInput, options: CallOptions & Pick<RunWait, 'waitMs'> = {}): Promise<SampleRun> {
    const { waitMs, ...call } = options;
    return this.transport.json(
      { method: 'POST', path: this.base, query: { wait: waitMs }, body: input, credential: 'none' },
      SampleRun,
      withWait(call, waitMs),
    );
  }

  /** The run now, or (with `waitMs`) once it changes past `since` or finishes. */
  get(runId: string, options: CallOptions & RunWait = {}): Promise<SampleRun> {
    const { waitMs, since, ...call } = options;
    return this.transport.json(
      { method: 'GET', path: `${this.base}/${segment(runId)}`, query: { wait: waitMs, since }, credential: 'none' },
      SampleRun,
      withWait(call, waitMs),
    );
  }

  /** Cancels the run (a queued one leaves the queue, a running one is stopped); a finished one is `409.2`. */
  cancel(runId: string, options?: CallOptions): Promise<SampleRun> {
    return this.transport.json({ method: 'DELETE', path: `${this.base}/${segment(runId)}`, credential: 'none' }, SampleRun, options);
  }
}

/** The server holds a long poll up to `waitMs`: the call's own time-out must outlast it. */
const LONG_POLL_MARGIN_MS = 10_000;
const withWait = (call: CallOptions, waitMs: number | undefined): CallOptions =>
  waitMs === undefined || call.timeoutMs !== undefined ? call : { ...call, timeoutMs: waitMs + LONG_POLL_MARGIN_MS };

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
