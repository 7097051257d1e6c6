import type { ProctoringEventInput, ViolationCounts } from '@assay/domain/candidate';
import type { CandidateApi } from '../api/candidate-api.js';
import { failureOf } from '../api/failure.js';
import type { ServerClock } from '../lib/clock.js';
import { browserPromptOpen } from './browser-prompts.js';

type Departure = ProctoringEventInput;

/**
 * How soon after a Tab on the last (or Shift+Tab on the first) control a blur counts as focus moving into the browser's
 * own toolbar. The blur comes back from the browser's process: 400 ms was too short on a busy machine (a keyboard user
 * counted as leaving), and a longer window costs nothing, since leaving from the toolbar fires no second blur anyway.
 */
const KEYBOARD_EXIT_MS = 3_000;

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** Whether Tab (forward) or Shift+Tab from the focused element leaves the page's last (first) control. */
const tabsOutOfPage = (backwards: boolean): boolean => {
  const tabbable = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[hidden], [inert]') && element.getClientRects().length > 0,
  );
  const edge = backwards ? tabbable[0] : tabbable.at(-1);
  return edge !== undefined && (document.activeElement === edge || edge.contains(document.activeElement));
};

/**
 * Records leaving the test: the tab hidden or the window losing focus to another window is one departure
 * (one `left`), coming back is one `returned`, however many of blur and visibilitychange fire. What is not
 * leaving is not recorded: Tab past the last control (focus goes to the browser's own toolbar), a browser
 * prompt the page opened, and a reload — the page going away sends `unload`, which the server counts only
 * if the page is not back within seconds. Events go out in order, retried until the server has them, with
 * the instant they happened (server clock). Opening the test page sends a `returned`.
 */
export class FocusWatcher {
  private away = false;
  private keyboardExitAt = Number.NEGATIVE_INFINITY;
  private unloading = false;
  private readonly queue: Departure[] = [];
  private sending = false;
  private retryTimer: number | undefined;
  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Tab' && !event.defaultPrevented && tabsOutOfPage(event.shiftKey)) this.keyboardExitAt = performance.now();
  };
  private readonly onLeave = () => {
    if (this.unloading) return;
    if (document.visibilityState === 'hidden') {
      this.record('left');
      return;
    }
    if (document.hasFocus()) return;
    // The page is still in view and focus went to the browser itself: by keyboard, or to a prompt we opened.
    if (browserPromptOpen() || performance.now() - this.keyboardExitAt < KEYBOARD_EXIT_MS) return;
    this.record('left');
  };
  private readonly onReturn = () => {
    if (document.visibilityState === 'visible') this.record('returned');
  };
  private readonly onVisibility = () => (document.visibilityState === 'hidden' ? this.onLeave() : this.onReturn());
  /** Reload, close or navigation: not a departure yet (the server waits to see whether the page comes back). */
  private readonly onUnload = () => {
    if (this.unloading) return;
    this.unloading = true;
    if (!this.away) this.send({ type: 'unload', at: this.clock.iso() });
  };
  /** Back from the browser's page cache (a navigation that did not unload after all). */
  private readonly onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    this.unloading = false;
    this.send({ type: 'returned', at: this.clock.iso() });
  };
  private readonly onOnline = () => void this.pump();

  constructor(
    private readonly api: CandidateApi,
    private readonly clock: ServerClock,
    /** Told when the candidate comes back, with how long they were away (ms). */
    private readonly onReturned: (awayMs: number) => void = () => undefined,
    /** Told the server's counts after each event it took (a warning, or the end when it terminated the attempt). */
    private readonly onCounted: (counts: ViolationCounts) => void = () => undefined,
  ) {}

  private leftAt = 0;

  start(): void {
    document.addEventListener('visibilitychange', this.onVisibility);
    document.addEventListener('keydown', this.onKeyDown, true);
    window.addEventListener('blur', this.onLeave);
    window.addEventListener('focus', this.onReturn);
    window.addEventListener('online', this.onOnline);
    window.addEventListener('beforeunload', this.onUnload);
    window.addEventListener('pagehide', this.onUnload);
    window.addEventListener('pageshow', this.onPageShow);
    if (document.visibilityState === 'hidden') {
      // Opened in a background tab: away from the start.
      this.record('left');
    } else {
      // A reload or a closed tab sent an 'unload' from the page before this one; this page being open is the
      // return. The server ignores a 'returned' that has no departure before it.
      this.queue.push({ type: 'returned', at: this.clock.iso() });
      void this.pump();
    }
  }

  stop(): void {
    document.removeEventListener('visibilitychange', this.onVisibility);
    document.removeEventListener('keydown', this.onKeyDown, true);
    window.removeEventListener('blur', this.onLeave);
    window.removeEventListener('focus', this.onReturn);
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('beforeunload', this.onUnload);
    window.removeEventListener('pagehide', this.onUnload);
    window.removeEventListener('pageshow', this.onPageShow);
    window.clearTimeout(this.retryTimer);
  }

  private record(type: 'left' | 'returned'): void {
    if ((type === 'left') === this.away) return;
    this.away = type === 'left';
    const now = this.clock.now();
    if (type === 'left') this.leftAt = now;
    else this.onReturned(now - this.leftAt);
    this.send({ type, at: new Date(now).toISOString() });
  }

  private send(event: Departure): void {
    this.queue.push(event);
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    window.clearTimeout(this.retryTimer);
    try {
      while (this.queue.length > 0) {
        const event = this.queue[0]!;
        try {
          // keepalive: a 'left' sent as the page closes still arrives.
          this.onCounted(await this.api.reportEvent(event, { keepalive: true }));
        } catch (error) {
          if (failureOf(error).retryable) {
            this.retryTimer = window.setTimeout(() => void this.pump(), 5_000);
            return;
          }
          // Refused (the attempt is over): nothing to retry.
        }
        this.queue.shift();
      }
    } finally {
      this.sending = false;
    }
  }
}
