import type { CandidateSession, PublicLinkView, SelfRegistration } from '@assay/domain';

/** A failed call: a refusal from the server (statuscode + its message) or no answer at all (status 0). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly statuscode: string | null,
    readonly httpStatus: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Worth trying again later: the network or the server failed, not the request. */
  get retryable(): boolean {
    return this.httpStatus === 0 || this.httpStatus === 408 || this.httpStatus === 429 || this.httpStatus >= 500;
  }
}

export interface RunResult {
  results: { passed: boolean; args: unknown[]; expected: unknown; actual?: unknown; error?: string }[];
}

export type AnswerBody = ({ optionIds: number[] } | { code: string }) & { editedAt?: string };

const TIMEOUT_MS = 30_000;
const OFFLINE_MESSAGE = 'No connection to the server.';

async function call<T>(method: string, path: string, body?: unknown, options: { keepalive?: boolean } = {}): Promise<T> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { 'content-type': 'application/json;charset=utf-8', accept: 'application/json' },
      body: body === undefined ? (method === 'GET' ? undefined : '') : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      keepalive: options.keepalive ?? false,
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(OFFLINE_MESSAGE, null, 0);
  } finally {
    window.clearTimeout(timer);
  }
  let envelope: unknown;
  try {
    envelope = await response.json();
  } catch {
    throw new ApiError(`The server answered unexpectedly (HTTP ${response.status}). Please try again.`, null, response.status || 0);
  }
  const { statuscode, description, result } = (envelope ?? {}) as { statuscode?: unknown; description?: unknown; result?: unknown };
  if (response.ok && statuscode === '200.1') return result as T;
  const message =
    typeof result === 'string' && result ? result : typeof description === 'string' && description ? description : `HTTP ${response.status}`;
  throw new ApiError(message, typeof statuscode === 'string' ? statuscode : null, response.status);
}

/** The candidate API of one invitation. */
export class CandidateApi {
  private readonly base: string;

  constructor(token: string) {
    this.base = `/candidate/v1/${encodeURIComponent(token)}`;
  }

  session(): Promise<CandidateSession> {
    return call('GET', this.base);
  }

  start(): Promise<CandidateSession> {
    return call('POST', `${this.base}/start`);
  }

  submit(): Promise<CandidateSession> {
    return call('POST', `${this.base}/submit`);
  }

  saveAnswer(questionId: string, body: AnswerBody, keepalive = false): Promise<{ questionId: string; savedAt: string }> {
    return call('PUT', `${this.base}/answers/${encodeURIComponent(questionId)}`, body, { keepalive });
  }

  event(type: 'left' | 'returned' | 'unload', at: string, keepalive = false): Promise<{ wv: number; tv: number }> {
    return call('POST', `${this.base}/events`, { type, at }, { keepalive });
  }

  snapshot(image: string): Promise<unknown> {
    return call('POST', `${this.base}/snapshots`, { image });
  }

  run(questionId: string, code: string): Promise<RunResult> {
    return call('POST', `${this.base}/run/${encodeURIComponent(questionId)}`, { code });
  }
}

export const linkApi = {
  view(accessKey: string): Promise<PublicLinkView> {
    return call('GET', `/candidate/v1/links/${encodeURIComponent(accessKey)}`);
  },
  register(accessKey: string, fullName: string, emailId: string): Promise<SelfRegistration> {
    return call('POST', `/candidate/v1/links/${encodeURIComponent(accessKey)}/register`, { fullName, emailId });
  },
};
