/**
 * How a guarded reply reaches the candidate while it streams (decision 1166): `prose-then-hold` releases prose as it
 * comes and holds everything from the first sign of code (a fence, ``` or ~~~, anywhere; or a line indented as code)
 * until the reply is checked; `hold-all` releases nothing before the check (written questions, whose answer is
 * prose); `pass-all` releases everything (open policy, nothing to check).
 */
export type ReplyHoldMode = 'prose-then-hold' | 'hold-all' | 'pass-all';

export interface ReplyHoldStep {
  /** Text the candidate may see now. */
  readonly release: string;
  /** True on the step where holding began (the page is told the rest is being checked). */
  readonly startedHolding: boolean;
}

const FENCE = /```|~~~/;
/** Characters at the end that might begin a fence with the next piece. */
const FENCE_PREFIX = /[`~]{1,2}$/;
const INDENTED = /^( {4}|\t)/;

/** Where each line of `text` starts (0 only when `text` itself starts a line). */
const lineStarts = (text: string, startsLine: boolean): number[] => {
  const starts = startsLine ? [0] : [];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
};

/** Where code begins in `text` (a fence anywhere, or a line indented four spaces or a tab), or -1. */
const codeStartIn = (text: string, startsLine: boolean): number => {
  const fence = text.search(FENCE);
  const indent = lineStarts(text, startsLine).find((at) => INDENTED.test(text.slice(at)));
  if (indent === undefined) return fence;
  return fence < 0 ? indent : Math.min(fence, indent);
};

/**
 * Splits a streaming reply into what may be released now and what is held for the check. Pure: it keeps only the
 * reply's own text. At most a few characters wait for the next piece (a possible fence or indentation): a reply that
 * opens with prose reaches the candidate as fast as the model writes it.
 */
export class ReplyHold {
  readonly #mode: ReplyHoldMode;
  #pending = '';
  #holding: boolean;
  #atLineStart = true;

  constructor(mode: ReplyHoldMode) {
    this.#mode = mode;
    this.#holding = mode === 'hold-all';
  }

  get holding(): boolean {
    return this.#holding;
  }

  feed(piece: string): ReplyHoldStep {
    if (this.#mode === 'pass-all') return { release: piece, startedHolding: false };
    if (this.#holding) return { release: '', startedHolding: false };
    const text = this.#pending + piece;
    const start = codeStartIn(text, this.#atLineStart);
    if (start >= 0) {
      this.#holding = true;
      this.#pending = '';
      return { release: text.slice(0, start), startedHolding: true };
    }
    // Keep back what could still turn into code with the next piece: a line of up to three spaces so far (it may be
    // indented code), or one or two backticks or tildes (a fence).
    const lastStart = lineStarts(text, this.#atLineStart).at(-1);
    const blankLine = lastStart !== undefined && /^ {0,3}$/.test(text.slice(lastStart));
    const cut = blankLine ? lastStart : text.length - (FENCE_PREFIX.exec(text)?.[0].length ?? 0);
    this.#pending = text.slice(cut);
    this.#atLineStart = blankLine;
    return { release: text.slice(0, cut), startedHolding: false };
  }

  /** The reply ended: anything not released yet that was not held (a trailing partial line) is released. */
  flush(): string {
    if (this.#holding || this.#mode === 'pass-all') return '';
    const rest = this.#pending;
    this.#pending = '';
    return rest;
  }
}
