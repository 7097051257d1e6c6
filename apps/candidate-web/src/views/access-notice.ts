import type { AccessVerdictCode } from '@assay/domain/candidate';
import { formatLocalInstant, localZone, nextOpeningOf, parseAccessWindow } from '../lib/access-window.js';
import { h, replaceChildren } from '../lib/dom.js';
import { localWindow } from './landing-card.js';

/** The verdicts after which the test opens by itself, given time. */
export const opensLater = (verdict: AccessVerdictCode): boolean => verdict === 'notYetOpen' || verdict === 'outsideDailyWindow';

/** The verdicts after which waiting does not help: the page says whom to ask for a new invitation or link. */
export const hasEnded = (verdict: AccessVerdictCode): boolean => verdict === 'closed' || verdict === 'linkInactive' || verdict === 'testInactive';

/**
 * Why the test cannot be taken now, first on the landing and in a live region: the server's sentence, when it
 * opens on the candidate's own clock, and that the page will let them in by itself. `opened` says it is open.
 */
export class AccessNotice {
  readonly element: HTMLElement;
  private timer: number | undefined;

  constructor() {
    this.element = h('div', { class: 'notice notice-warn access-notice', 'data-testid': 'access-message', role: 'status', hidden: true });
  }

  /**
   * `now` is the server's clock; `invitationOpensAt` the invitation's own opening, when it has one. The words go in a
   * moment after the region is shown, so that it is read.
   */
  show(
    verdict: AccessVerdictCode,
    message: string | null,
    testAccessTime: string | null,
    now: number,
    waitingFor: string,
    invitationOpensAt: number | null = null,
  ): void {
    const window = parseAccessWindow(testAccessTime);
    const zone = localZone();
    const opening = opensLater(verdict) ? nextOpeningOf(window, invitationOpensAt, now) : null;
    const content = [
      h('p', { class: 'access-notice-lead' }, h('strong', null, message ?? 'This test cannot be taken now.')),
      opening !== null && zone ? h('p', null, `It opens ${formatLocalInstant(opening, zone)} (your time, ${zone}).`) : localWindow(testAccessTime),
      opensLater(verdict) ? h('p', null, `You can leave this page open: ${waitingFor} as soon as the test opens.`) : null,
    ];
    this.fill('notice notice-warn access-notice', content);
  }

  opened(text: string): void {
    this.fill('notice notice-info access-notice', [h('p', { class: 'access-notice-lead' }, h('strong', null, text))]);
  }

  hide(): void {
    window.clearTimeout(this.timer);
    this.element.hidden = true;
  }

  private fill(className: string, content: (Node | null)[]): void {
    window.clearTimeout(this.timer);
    this.element.className = className;
    this.element.hidden = false;
    this.element.textContent = '';
    this.timer = window.setTimeout(() => replaceChildren(this.element, content), 60);
  }
}

const MINUTE = 60_000;

/**
 * Asks again when the test should have opened (and every few minutes, and when the page is shown again after
 * a sleep): `check` answers true once there is nothing more to wait for. Returns the way to stop.
 */
export function watchOpening(
  testAccessTime: string | null,
  now: () => number,
  check: () => Promise<boolean>,
  invitationOpensAt: number | null = null,
): () => void {
  const window = parseAccessWindow(testAccessTime);
  let timer: number | undefined;
  let stopped = false;
  let checking = false;
  const schedule = () => {
    if (stopped) return;
    const opening = nextOpeningOf(window, invitationOpensAt, now());
    // A second after the opening (clocks differ a little), at least 2 s apart, at most 10 minutes.
    const delay = opening === null ? MINUTE : Math.min(10 * MINUTE, Math.max(2_000, opening - now() + 1_000));
    timer = globalThis.setTimeout(run, delay);
  };
  const run = async () => {
    globalThis.clearTimeout(timer);
    if (stopped || checking) return;
    checking = true;
    let done = false;
    try {
      done = await check();
    } catch {
      // Offline: ask again later.
    } finally {
      checking = false;
    }
    if (done) stop();
    else schedule();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void run();
  };
  const stop = () => {
    stopped = true;
    globalThis.clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
  document.addEventListener('visibilitychange', onVisible);
  schedule();
  return stop;
}
