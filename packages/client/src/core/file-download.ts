import type { AttemptSignal } from './attempt-signal.js';
import { AssayConnectionError, AssayError } from './errors.js';
import type { DownloadProgress } from './options.js';

/** `attachment; filename="assay-report-12.pdf"` (or the RFC 5987 `filename*=UTF-8''…` form). */
export const fileNameOf = (disposition: string | null): string | undefined => {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(disposition);
  return plain?.[1] ?? plain?.[2];
};

/**
 * A file the server is sending (report PDF, Excel export): its headers are in, its body not yet. Read it
 * once: into a WritableStream (`pipeTo`), into memory (`bytes`), or as a stream. Progress is reported as the
 * body arrives; a body that stalls longer than the time-out fails with AssayTimeoutError.
 */
export class FileDownload {
  readonly contentType: string;
  readonly fileName: string | undefined;
  /** Content-Length, when sent (streamed exports have none). */
  readonly size: number | undefined;
  readonly headers: Headers;
  readonly requestId: string | null;
  private body: ReadableStream<Uint8Array> | undefined;

  constructor(response: Response, attempt: AttemptSignal, onProgress?: (progress: DownloadProgress) => void) {
    this.headers = response.headers;
    this.contentType = response.headers.get('content-type') ?? 'application/octet-stream';
    this.fileName = fileNameOf(response.headers.get('content-disposition'));
    const length = Number(response.headers.get('content-length') ?? Number.NaN);
    this.size = Number.isSafeInteger(length) && length >= 0 ? length : undefined;
    this.requestId = response.headers.get('x-request-id');
    this.body = progressStream(response.body, attempt, this.size, onProgress);
  }

  /** The body as a stream; it can be taken once. */
  get stream(): ReadableStream<Uint8Array> {
    const body = this.body;
    if (!body) throw new AssayError('This download has already been read.');
    this.body = undefined;
    return body;
  }

  /** Streams the body into `destination` (a file, an upload, a hash…); resolves when all of it is written. */
  async pipeTo(destination: WritableStream<Uint8Array>, options: { signal?: AbortSignal } = {}): Promise<void> {
    await this.stream.pipeTo(destination, options);
  }

  /** The whole body in memory. */
  async bytes(): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    let length = 0;
    const reader = this.stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.byteLength;
    }
    const all = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      all.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return all;
  }

  /** Not wanted after all: closes the connection. */
  async cancel(): Promise<void> {
    await this.body?.cancel();
    this.body = undefined;
  }
}

/** The response body, counted and watched: the attempt's timer runs only while waiting on the network. */
const progressStream = (
  source: ReadableStream<Uint8Array> | null,
  attempt: AttemptSignal,
  total: number | undefined,
  onProgress: ((progress: DownloadProgress) => void) | undefined,
): ReadableStream<Uint8Array> => {
  const report = (loaded: number) => onProgress?.(total === undefined ? { loaded } : { loaded, total });
  if (!source) {
    attempt.dispose();
    return new ReadableStream({
      start: (controller) => {
        report(0);
        controller.close();
      },
    });
  }
  const reader = source.getReader();
  let loaded = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      attempt.restartTimer();
      try {
        const { done, value } = await reader.read();
        attempt.stopTimer();
        if (done) {
          attempt.dispose();
          if (loaded === 0) report(0);
          controller.close();
          return;
        }
        loaded += value.byteLength;
        report(loaded);
        controller.enqueue(value);
      } catch (error) {
        attempt.dispose();
        controller.error(attempt.abortError() ?? new AssayConnectionError('The download broke off.', { cause: error }));
      }
    },
    async cancel(reason) {
      attempt.dispose();
      await reader.cancel(reason);
    },
  });
};
