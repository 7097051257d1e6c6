import type { Doc } from './pdf-layout.js';

/** pdfkit's object for one page's content stream (its class is not exported): the two methods batching wraps. */
interface ContentStream {
  write(chunk: unknown): void;
  finalize(): void;
}

/**
 * Every drawing operator pdfkit adds goes to the page's content stream as a Buffer of its own (`Buffer.from(operator +
 * '\n')`): thousands of small Buffers per report, most of a render's garbage. This keeps a page's operators as
 * strings and makes them one Buffer when the stream is written out (or before anything that is already bytes), with
 * exactly the bytes pdfkit would have written, in the same order.
 */
const batchWrites = (stream: ContentStream): void => {
  const write = stream.write.bind(stream);
  const finalize = stream.finalize.bind(stream);
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    const text = pending.join('\n');
    pending = [];
    write(text);
  };
  stream.write = (chunk: unknown): void => {
    if (chunk instanceof Uint8Array) {
      flush();
      write(chunk);
    } else pending.push(`${chunk as string}`);
  };
  stream.finalize = (): void => {
    flush();
    finalize();
  };
};

/** Batches the content writes of every page of `doc`, the one it opened with and each one added later. */
export const batchContentWrites = (doc: Doc): void => {
  const pageStream = (): ContentStream => (doc as unknown as { page: { content: ContentStream } }).page.content;
  batchWrites(pageStream());
  doc.on('pageAdded', () => batchWrites(pageStream()));
};
