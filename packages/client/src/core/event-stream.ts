/** One server-sent event: its name (`message` when the server gave none) and its data lines joined. */
export interface ServerSentEvent {
  readonly event: string;
  readonly data: string;
}

/**
 * Reads `text/event-stream` as it arrives, in pieces cut anywhere (mid-line, mid-character handled by the caller's
 * TextDecoder): the WHATWG framing — lines end in LF, CR or CRLF, a blank line ends an event, `:` lines are comments
 * (keep-alives), `data` lines accumulate. The `id` and `retry` fields are not used by Assay's streams and are skipped.
 */
export class EventStreamReader {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  /** The events completed by `text`, in order. */
  feed(text: string): ServerSentEvent[] {
    this.buffer += text;
    const done: ServerSentEvent[] = [];
    for (;;) {
      const end = /\r\n|\r|\n/.exec(this.buffer);
      // A lone CR at the end may be the first half of CRLF: wait for the next piece.
      if (!end || (end[0] === '\r' && end.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, end.index);
      this.buffer = this.buffer.slice(end.index + end[0].length);
      const event = this.line(line);
      if (event) done.push(event);
    }
    return done;
  }

  private line(line: string): ServerSentEvent | undefined {
    if (line === '') {
      const event = this.data.length > 0 ? { event: this.event || 'message', data: this.data.join('\n') } : undefined;
      this.event = '';
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    return undefined;
  }
}
