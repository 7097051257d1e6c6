type Message = { type: 'hello' | 'here' | 'bye'; id: string };

const HEARTBEAT_MS = 10_000;
/** A tab not heard from for this long is gone (closed without a word, or its machine slept). */
const GONE_AFTER_MS = 25_000;

/**
 * Other tabs or windows of this browser on the same invitation. Each running tab says hello on a
 * BroadcastChannel named after the token (a `storage` event where there is none), answers the others' hellos
 * and says bye when it goes; `onChange` gets how many others are there now.
 */
export class TabPresence {
  private readonly id = Math.random().toString(36).slice(2);
  private readonly others = new Map<string, number>();
  private readonly channelName: string;
  private channel: BroadcastChannel | null = null;
  private heartbeat: number | undefined;
  private readonly onStorage = (event: StorageEvent) => {
    if (event.key !== this.channelName || !event.newValue) return;
    try {
      this.receive(JSON.parse(event.newValue) as Message);
    } catch {
      // Not ours.
    }
  };
  private readonly onPageHide = () => this.post('bye');

  constructor(
    token: string,
    private readonly onChange: (others: number) => void,
  ) {
    this.channelName = `assay.tab.${token}`;
  }

  start(): void {
    if (typeof BroadcastChannel === 'function') {
      this.channel = new BroadcastChannel(this.channelName);
      this.channel.onmessage = (event: MessageEvent<Message>) => this.receive(event.data);
    } else {
      window.addEventListener('storage', this.onStorage);
    }
    window.addEventListener('pagehide', this.onPageHide);
    this.post('hello');
    this.heartbeat = window.setInterval(() => {
      this.post('here');
      this.expire();
    }, HEARTBEAT_MS);
  }

  stop(): void {
    this.post('bye');
    window.clearInterval(this.heartbeat);
    window.removeEventListener('pagehide', this.onPageHide);
    window.removeEventListener('storage', this.onStorage);
    this.channel?.close();
    this.channel = null;
    if (this.others.size > 0) {
      this.others.clear();
      this.onChange(0);
    }
  }

  private receive(message: Message): void {
    if (!message || typeof message.id !== 'string' || message.id === this.id) return;
    const before = this.others.size;
    if (message.type === 'bye') this.others.delete(message.id);
    else this.others.set(message.id, Date.now());
    if (message.type === 'hello') this.post('here');
    if (this.others.size !== before) this.onChange(this.others.size);
  }

  private expire(): void {
    const before = this.others.size;
    for (const [id, seen] of this.others) if (Date.now() - seen > GONE_AFTER_MS) this.others.delete(id);
    if (this.others.size !== before) this.onChange(this.others.size);
  }

  private post(type: Message['type']): void {
    const message: Message = { type, id: this.id };
    if (this.channel) this.channel.postMessage(message);
    else {
      try {
        // A new value each time, or no storage event fires.
        window.localStorage.setItem(this.channelName, JSON.stringify({ ...message, at: Date.now() }));
      } catch {
        // No storage: no detection.
      }
    }
  }
}
