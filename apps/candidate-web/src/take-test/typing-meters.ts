import {
  closeWindow,
  longestSharedRun,
  meterEdit,
  newMeter,
  questionProse,
  windowDue,
  type EditKind,
  type QuestionMeter,
  type TypingWindow,
} from '@assay/domain/ai';
import type { QuestionEventInput } from '@assay/domain/candidate';

/** How often an open window of typing is checked for being due: a window is sent within this of its 20 seconds. */
const DUE_CHECK_MS = 5_000;

/**
 * The page's side of the AI-use evidence (issue 60, item 5; decision 1202): each answer's typing metered by the
 * domain's pure meter, its windows sent as `typing` events (counts only, never keys or text), and how many words of a
 * question's prose a paste repeats (decision 1201). Times are the server's clock as the page carries it.
 */
export class TypingMeters {
  private readonly meters = new Map<number, QuestionMeter>();
  private readonly prose = new Map<number, string[][]>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly report: (event: QuestionEventInput) => void,
    private readonly now: () => number,
  ) {}

  /** The question's text, to count a paste's words of its prose against. */
  know(questionId: number, questionText: string): void {
    this.prose.set(questionId, questionProse(questionText));
  }

  /** The most consecutive words of the question's prose `pasted` repeats. */
  questionWords(questionId: number, pasted: string): number {
    const prose = this.prose.get(questionId);
    return prose === undefined ? 0 : longestSharedRun(prose, pasted).words;
  }

  /** One change of an answer from `before` to `after`; a meter that went out of step (a reset) is set first. */
  change(questionId: number, before: string, after: string, kind: EditKind): void {
    const at = this.now();
    let meter = this.meters.get(questionId) ?? newMeter(before);
    if (meter.text !== before) meter = meterEdit(meter, { at, after: before, kind: 'set' }).meter;
    const next = meterEdit(meter, { at, after, kind });
    this.meters.set(questionId, next.meter);
    if (next.closed) this.send(questionId, next.closed);
    this.timer ??= setInterval(() => this.sendDue(), DUE_CHECK_MS);
  }

  /** Closes every open window (the candidate left the question, or the page is going). */
  flush(): void {
    for (const [questionId, meter] of this.meters) this.close(questionId, meter);
  }

  private sendDue(): void {
    const now = this.now();
    for (const [questionId, meter] of this.meters) if (windowDue(meter, now)) this.close(questionId, meter);
  }

  private close(questionId: number, meter: QuestionMeter): void {
    const { meter: closedMeter, closed } = closeWindow(meter);
    this.meters.set(questionId, closedMeter);
    if (closed) this.send(questionId, closed);
  }

  private send(questionId: number, { from, to, ...figures }: TypingWindow): void {
    const iso = (ms: number) => new Date(ms).toISOString();
    this.report({ type: 'typing', at: iso(this.now()), questionId, from: iso(from), to: iso(to), ...figures });
  }
}
