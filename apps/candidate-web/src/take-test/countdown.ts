import { describeCountdown, formatCountdown } from '../lib/clock.js';

const WARN_AT_MS = 5 * 60_000;
const URGENT_AT_MS = 60_000;

/**
 * The timer's digits and words, and the two warnings (5 minutes, 1 minute) each shown once — unless the test turned
 * its time-left alerts off (`sectionTimeLeftAlert`, decision 966): then the digits and their colours only.
 */
export class Countdown {
  private warned: 'none' | 'warn' | 'urgent' = 'none';

  constructor(
    private readonly timer: HTMLElement,
    private readonly value: HTMLElement,
    private readonly warning: HTMLElement,
    private readonly alerts = true,
  ) {}

  show(remainingMs: number): void {
    const text = formatCountdown(remainingMs);
    if (this.value.textContent !== text) this.value.textContent = text;
    // The timer's name is the time left in words ("54 minutes 59 seconds left"); the visible label is hidden from it.
    this.timer.setAttribute('aria-label', describeCountdown(remainingMs));
    this.timer.classList.toggle('timer-warn', remainingMs <= WARN_AT_MS && remainingMs > URGENT_AT_MS);
    this.timer.classList.toggle('timer-urgent', remainingMs <= URGENT_AT_MS);
    if (remainingMs <= 0 || !this.alerts) return;
    if (remainingMs <= URGENT_AT_MS && this.warned !== 'urgent') {
      this.warned = 'urgent';
      this.warn('Less than a minute left. Your answers will be submitted automatically when the time is up.');
    } else if (remainingMs <= WARN_AT_MS && this.warned === 'none') {
      this.warned = 'warn';
      this.warn(`${describeCountdown(remainingMs).replace(/ left$/, '')} left. Your answers will be submitted automatically when the time is up.`);
    }
  }

  private warn(text: string): void {
    this.warning.textContent = text;
    this.warning.hidden = false;
  }
}
