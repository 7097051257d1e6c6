/**
 * The server's clock as seen from here: the page's own clock may be wrong by minutes, or be stepped while the test
 * runs (NTP, a resumed VM, a date set by hand), so every deadline is measured against `serverTime`, corrected by half
 * the round trip, and carried forward on the monotonic clock (`performance.now()`), which no step of the wall clock
 * moves (issue 59). Before the first sync it reads the page's own clock.
 */
export class ServerClock {
  private offsetMs: number;

  constructor(private readonly monotonic: () => number = () => performance.now()) {
    this.offsetMs = Date.now() - monotonic();
  }

  /** The monotonic clock now: what `sync` takes around a request. */
  reading(): number {
    return this.monotonic();
  }

  /** `sentAt` and `receivedAt` are this clock's `reading()` around the request that returned `serverTime`. */
  sync(serverTime: string, sentAt: number, receivedAt: number): void {
    const server = Date.parse(serverTime);
    if (Number.isFinite(server)) this.offsetMs = server - (sentAt + receivedAt) / 2;
  }

  now(): number {
    return this.monotonic() + this.offsetMs;
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }
}

/**
 * Whether the server says the time is up: its deadline at or before its own clock, both from one answer of the
 * server. The page's countdown reaching zero only makes the page ask (decision 660): this decides.
 */
export function timeIsUpOnServer(session: { deadline: string | null; serverTime: string }): boolean {
  const deadline = session.deadline ? Date.parse(session.deadline) : Number.NaN;
  const server = Date.parse(session.serverTime);
  return Number.isFinite(deadline) && Number.isFinite(server) && deadline <= server;
}

/** "1:05:09", "12:04", "0:09". Rounds up, so 0:00 shows only when the time is really up. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/** Words for screen readers: "12 minutes 4 seconds left". */
export function describeCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts: string[] = [];
  if (hours) parts.push(`${hours} ${hours === 1 ? 'hour' : 'hours'}`);
  if (minutes) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  if (!hours && seconds) parts.push(`${seconds} ${seconds === 1 ? 'second' : 'seconds'}`);
  return parts.length ? `${parts.join(' ')} left` : 'Time is up';
}
