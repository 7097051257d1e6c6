import { h, safeHttpUrl } from '../lib/dom.js';
import { LiveRegion } from '../lib/live-region.js';

/** Long enough to read the thank-you and decide to stay (WCAG 2.2.1: it can also be paused). */
export const REDIRECT_AFTER_S = 15;
/** Said again when this many seconds are left. */
const REMIND_AT_S = 5;

const siteOf = (url: string): string => {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
};

/**
 * The way on to the organisation's page after a submit: a Continue link, and a countdown that says where and
 * when, is announced when it starts and near its end, and can be paused and resumed.
 */
export class RedirectCountdown {
  readonly element: HTMLElement;
  private readonly text: HTMLElement;
  private readonly news = new LiveRegion({ testId: 'redirect-announcement' });
  private readonly pause: HTMLButtonElement;
  private readonly site: string;
  private left = REDIRECT_AFTER_S;
  private timer: number | undefined;
  private paused = false;

  constructor(
    private readonly url: string,
    private readonly go: (url: string) => void = (target) => window.location.assign(target),
  ) {
    this.site = siteOf(url);
    this.text = h('p', { class: 'redirect-text', 'data-testid': 'redirect-message' }, '');
    this.pause = h('button', { type: 'button', class: 'button button-secondary', 'data-testid': 'redirect-pause', onclick: () => this.toggle() }, 'Pause');
    this.element = h(
      'div',
      { class: 'redirect', 'data-testid': 'redirect' },
      this.text,
      this.news.element,
      h(
        'div',
        { class: 'actions actions-center' },
        h('a', { class: 'button button-primary', href: url, 'data-testid': 'redirect-continue' }, `Continue to ${this.site}`),
        this.pause,
      ),
    );
  }

  start(): void {
    this.render();
    this.news.say(`You will be taken to ${this.site} in ${REDIRECT_AFTER_S} seconds. Press Pause to stay on this page.`);
    this.run();
  }

  stop(): void {
    window.clearInterval(this.timer);
  }

  private run(): void {
    window.clearInterval(this.timer);
    this.timer = window.setInterval(() => {
      this.left -= 1;
      this.render();
      if (this.left === REMIND_AT_S) this.news.say(`${REMIND_AT_S} seconds left before you are taken to ${this.site}.`);
      if (this.left <= 0) {
        this.stop();
        this.go(this.url);
      }
    }, 1_000);
  }

  private toggle(): void {
    this.paused = !this.paused;
    if (this.paused) {
      this.stop();
      this.pause.textContent = 'Resume';
      this.news.say('Paused. You stay on this page until you press Continue or Resume.');
    } else {
      this.left = Math.max(this.left, REMIND_AT_S);
      this.pause.textContent = 'Pause';
      this.news.say(`Resumed: you will be taken to ${this.site} in ${this.left} seconds.`);
      this.run();
    }
    this.render();
  }

  private render(): void {
    this.text.textContent = this.paused
      ? `Paused. Continue to ${this.site} when you are ready.`
      : `You will be taken to ${this.site} in ${this.left} ${this.left === 1 ? 'second' : 'seconds'}.`;
  }
}

/** The countdown for a session that has somewhere to go after a submit; null otherwise. */
export const redirectCountdownFor = (redirectURL: string | null): RedirectCountdown | null => {
  const url = safeHttpUrl(redirectURL);
  return url ? new RedirectCountdown(url) : null;
};
