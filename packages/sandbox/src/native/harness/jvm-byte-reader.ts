/**
 * Reads a compile server's answers off its stdout: lines and length-prefixed blocks, waiting for bytes as they come.
 * Linear in what it reads (decision 1046): chunks are kept as they arrive and each byte is copied once, when the line
 * or block holding it is taken (a reader that joined its whole buffer with every chunk took quadratic time over a
 * 524 KB answer).
 */
export class ByteReader {
  private chunks: Buffer[] = [];
  private length = 0;
  /** Bytes from the start already searched for a newline without finding one. */
  private scanned = 0;
  private ended = false;
  private wake: (() => void) | undefined;

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  private async waitFor(ready: () => number): Promise<number> {
    for (;;) {
      const at = ready();
      if (at >= 0) return at;
      if (this.ended) throw new Error('the compile server ended');
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = undefined;
    }
  }

  /** Where the first newline is, searching only bytes not searched before. */
  private newline(): number {
    let offset = 0;
    for (const chunk of this.chunks) {
      if (offset + chunk.length > this.scanned) {
        const at = chunk.indexOf(10, Math.max(0, this.scanned - offset));
        if (at >= 0) return offset + at;
      }
      offset += chunk.length;
    }
    this.scanned = this.length;
    return -1;
  }

  /** Removes and answers the first `count` bytes. */
  private take(count: number): Buffer {
    const parts: Buffer[] = [];
    let left = count;
    while (left > 0) {
      const chunk = this.chunks[0] as Buffer;
      if (chunk.length <= left) {
        parts.push(chunk);
        this.chunks.shift();
        left -= chunk.length;
      } else {
        parts.push(chunk.subarray(0, left));
        this.chunks[0] = chunk.subarray(left);
        left = 0;
      }
    }
    this.length -= count;
    this.scanned = 0;
    return Buffer.concat(parts, count);
  }

  async line(): Promise<string> {
    const end = await this.waitFor(() => this.newline());
    const text = this.take(end + 1)
      .subarray(0, end)
      .toString('utf8');
    return text;
  }

  async bytes(length: number): Promise<Buffer> {
    await this.waitFor(() => (this.length >= length ? length : -1));
    return this.take(length);
  }

  async block(): Promise<Buffer> {
    return this.bytes(Number(await this.line()));
  }
}
