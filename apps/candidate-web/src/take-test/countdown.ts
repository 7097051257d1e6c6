import { describeCountdown, formatCountdown } from '../lib/clock.js';
import { type TimeLeftAlert, timeLeftAlertOf } from './time-left-alert.js';

const AUTO_SUBMIT = 'Your answers will be submitted automatically when the time is up.';

/**
 * The timer's digits and words, and the two warnings (5 minutes, 1 minute) — unless the test turned its time-left
 * alerts off (`sectionTimeLeftAlert`, decision 966): then the digits and their colours only. A warning follows the
 * remaining time the timer shows: said once when it is reached, taken back when that time is corrected upwards.
 */
export class Countdown {
  private shown: TimeLeftAlert = 'none';

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
    const due = timeLeftAlertOf(remainingMs);
    this.timer.classList.toggle('timer-warn', due === 'warn');
    this.timer.classList.toggle('timer-urgent', due === 'urgent');
    if (remainingMs <= 0 || !this.alerts || due === this.shown) return;
    this.shown = due;
    if (due === 'none') this.withdraw();
    else if (due === 'urgent') this.warn(`Less than a minute left. ${AUTO_SUBMIT}`);
    else this.warn(`${describeCountdown(remainingMs).replace(/ left$/, '')} left. ${AUTO_SUBMIT}`);
  }

  private warn(text: string): void {
    this.warning.textContent = text;
    this.warning.hidden = false;
  }

  private withdraw(): void {
    this.warning.hidden = true;
    this.warning.textContent = '';
  }
}
