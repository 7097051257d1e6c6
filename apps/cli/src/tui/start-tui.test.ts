import { Console } from 'node:console';
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTui } from './start-tui.js';

/** A terminal's keyboard as Ink reads it (ink-testing-library's, which it does not export). */
class Keyboard extends EventEmitter {
  isTTY = true;
  private pending: string | null = null;
  press(data: string): void {
    this.pending = data;
    this.emit('readable');
  }
  read = (): string | null => {
    const data = this.pending;
    this.pending = null;
    return data;
  };
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

/** A 100×30 terminal that keeps every byte written to it. */
const screen = () => {
  const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 100, rows: 30 });
  let written = '';
  stream.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8');
  });
  return { stream, written: () => written };
};

const plain = (text: string) => text.replace(/\u001B\[[0-9;?]*[A-Za-z]/g, '');

describe('the interactive UI at start (issue 50)', () => {
  let server: Server | undefined;
  // Ink routes console output around its frames with `console.Console`, which vitest's console lacks.
  beforeAll(() => {
    if (!('Console' in console)) Object.assign(console, { Console });
  });
  afterEach(
    () =>
      new Promise<void>((resolve) => {
        server?.closeAllConnections();
        return server ? server.close(() => resolve()) : resolve();
      }),
  );

  it('draws "Connecting to <server>…" before its first request, so before the server answers anything', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstRequest!: (outputThen: string) => void;
    const requested = new Promise<string>((resolve) => {
      firstRequest = resolve;
    });
    const out = screen();
    server = createServer((_request, response) => {
      // What the terminal showed when the first request reached the server, before any answer.
      firstRequest(out.written());
      void held.then(() => response.writeHead(503, { 'content-type': 'application/json' }).end('{"statuscode":"503.1","result":"held"}'));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const keyboard = new Keyboard();
    const running = startTui(
      {
        stdout: out.stream,
        stderr: new PassThrough(),
        stdin: keyboard as unknown as NodeJS.ReadStream,
        env: { ASSAY_URL: `http://127.0.0.1:${port}`, ASSAY_API_KEY: 'assay_start_test_key', XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'assay-start-')) },
      },
      undefined,
    );

    let before: string;
    try {
      before = plain(await requested);
    } finally {
      // The UI's own frame then takes the screen from the top, over the cleared line; q ends it.
      release();
      keyboard.press('q');
      await running;
    }
    expect(before).toContain(`Connecting to 127.0.0.1:${port}…`);
    const drawn = plain(out.written());
    expect(drawn.indexOf('Connecting to')).toBeLessThan(drawn.indexOf('Assay ›'));
  }, 30_000);
});
