import { execFileSync } from 'node:child_process';

/**
 * A program in a real pseudo-terminal: a tmux server of its own (`-L`, so nothing else's sessions are
 * touched), keys sent with send-keys, the screen read with capture-pane.
 */
export class TmuxTerminal {
  private readonly socket = `assay-cli-test-${process.pid}-${Date.now()}`;
  private readonly session = 'assay';

  constructor(command: string, options: { columns: number; rows: number; cwd: string; env: Record<string, string> }) {
    const env = Object.entries(options.env).flatMap(([name, value]) => ['-e', `${name}=${value}`]);
    this.tmux('new-session', '-d', '-s', this.session, '-x', String(options.columns), '-y', String(options.rows), '-c', options.cwd, ...env, command);
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  }

  /** The screen as text; with `ansi`, with its colours and attributes as escape sequences. */
  screen(ansi = false): string {
    return this.tmux('capture-pane', '-p', ...(ansi ? ['-e'] : []), '-t', this.session);
  }

  /** Named keys (`Enter`, `Down`, `C-s`, `Escape`) one by one, a short pause after each. */
  async keys(...keys: string[]): Promise<void> {
    for (const key of keys) {
      this.tmux('send-keys', '-t', this.session, key);
      await new Promise((resolve) => setTimeout(resolve, 120));
    }
  }

  /**
   * Keys and text in one tmux command (`send-keys -l TEXT ; send-keys Down Right …`): they reach the program as
   * fast as tmux writes them, usually in one read, with no frame drawn in between, as a paste or a fast typist.
   */
  async burst(...parts: (string | { text: string })[]): Promise<void> {
    const commands = parts.map((part) =>
      typeof part === 'string' ? ['send-keys', '-t', this.session, part] : ['send-keys', '-t', this.session, '-l', part.text],
    );
    this.tmux(...commands.flatMap((command, index) => (index === 0 ? command : [';', ...command])));
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  /**
   * Bytes exactly as given, control characters included (`'Ada\u0013'` is Ada then Ctrl+S), in one write to
   * the terminal: what a fast typist or a paste delivers in one read.
   */
  async write(bytes: string): Promise<void> {
    this.tmux('send-keys', '-t', this.session, '-H', ...[...Buffer.from(bytes, 'utf8')].map((byte) => byte.toString(16).padStart(2, '0')));
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  /** Literal text, as typed. */
  async type(text: string): Promise<void> {
    this.tmux('send-keys', '-t', this.session, '-l', text);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  /** Lets the program copy with OSC 52: tmux then keeps what it copied as its newest paste buffer. */
  acceptClipboard(): void {
    this.tmux('set-option', '-s', 'set-clipboard', 'on');
  }

  /** The newest paste buffer: what the program last copied with OSC 52 (after `acceptClipboard`). */
  pasteBuffer(): string {
    return this.tmux('show-buffer');
  }

  async resize(columns: number, rows: number): Promise<void> {
    this.tmux('resize-window', '-t', this.session, '-x', String(columns), '-y', String(rows));
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  async waitFor(expected: string | RegExp | ((screen: string) => boolean), timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.screen();
      if (typeof expected === 'string' ? screen.includes(expected) : typeof expected === 'function' ? expected(screen) : expected.test(screen)) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        return this.screen();
      }
      if (Date.now() > deadline) throw new Error(`The terminal never showed ${String(expected)}; it shows:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  close(): void {
    try {
      this.tmux('kill-server');
    } catch {
      // Already gone with its last session.
    }
  }
}
