/** Reads a compile server's answers off its stdout: lines and length-prefixed blocks, waiting for bytes as they come. */
export class ByteReader {
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;
  private wake: (() => void) | undefined;

  push(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
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

  async line(): Promise<string> {
    const end = await this.waitFor(() => this.buffer.indexOf(10));
    const text = this.buffer.subarray(0, end).toString('utf8');
    this.buffer = this.buffer.subarray(end + 1);
    return text;
  }

  async bytes(length: number): Promise<Buffer> {
    await this.waitFor(() => (this.buffer.length >= length ? length : -1));
    const bytes = Buffer.from(this.buffer.subarray(0, length));
    this.buffer = this.buffer.subarray(length);
    return bytes;
  }

  async block(): Promise<Buffer> {
    return this.bytes(Number(await this.line()));
  }
}
