import { match } from 'ts-pattern';
import type { AiUseFinding, AiUseKind } from './ai-use-finding.js';

/**
 * The AI-use rules in words, the same on every surface (`/details`, the PDF, the TUI): each rule's name, its plain
 * sentence — what it looks for and that it is no verdict — and a finding's figures (decision 1200).
 */
export const AI_USE_NAMES: Record<AiUseKind, string> = {
  'copied-question': 'Question text in the answer',
  transcribed: 'Typed as if transcribed',
  'burst-after-return': 'Typing burst after returning',
  rewritten: 'Answer replaced whole',
};

/** Short names for a list 13 characters wide: "Copied Q3". */
export const AI_USE_SHORT_NAMES: Record<AiUseKind, string> = {
  'copied-question': 'Copied',
  transcribed: 'Transcr.',
  'burst-after-return': 'Burst',
  rewritten: 'Rewrite',
};

export const AI_USE_RULES: Record<AiUseKind, string> = {
  'copied-question':
    "A long run of the question's own words (its prose, not its code) was pasted into the answer or is in the answer as submitted, as when a question is carried to an AI tool and back. It may also be a candidate quoting the question or keeping it as notes. Evidence for a reviewer, not a verdict.",
  transcribed:
    'A long answer typed at a steady rhythm with almost no corrections and no cursor moves, as when text is copied by hand (or by a typing tool) from another screen. It may also be an answer prepared or learnt by heart, or dictation. Typing speed plays no part. Evidence for a reviewer, not a verdict.',
  'burst-after-return':
    "Right after coming back from another window, far more typing than in the candidate's own typical minute, as when an answer read elsewhere is typed from memory. It may also be a candidate who stepped away to think. Evidence for a reviewer, not a verdict.",
  rewritten:
    'An answer replaced almost whole within a minute, without a paste, by a new one of comparable length. It may also be a candidate who discarded their attempt and retyped one they had worked out, or undo restoring an earlier version. Evidence for a reviewer, not a verdict.',
};

const plural = (count: number, one: string, many = `${one}s`): string => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** A finding's figures in one line, e.g. "640 characters typed, 0.3 deleted per 100, 0 cursor moves, rhythm variation 0.21 over 512 gaps". */
export const aiUseFiguresText = (finding: AiUseFinding): string =>
  match(finding)
    .with({ kind: 'copied-question' }, ({ figures }) => {
      const where = [
        figures.pastedWords > 0 ? `${plural(figures.pastedWords, 'consecutive word')} of the question's text in a paste` : null,
        figures.answerWords > 0 ? `${plural(figures.answerWords, 'consecutive word')} in the answer as submitted` : null,
      ].filter((part) => part !== null);
      const excerpt = figures.excerpt === '' ? '' : `: “${figures.excerpt}”`;
      return `${where.join('; ')} (its prose has ${plural(figures.proseWords, 'word')})${excerpt}`;
    })
    .with(
      { kind: 'transcribed' },
      ({ figures }) =>
        `${plural(figures.typedChars, 'character')} typed, ${figures.correctionPercent} deleted per 100, ${plural(figures.moves, 'cursor move')}, rhythm variation ${figures.rhythmVariation.toFixed(2)} over ${plural(figures.gaps, 'gap')}`,
    )
    .with(
      { kind: 'burst-after-return' },
      ({ figures }) =>
        `away ${figures.awaySeconds} s; typing began ${figures.startSeconds} s after returning; ${plural(figures.typedChars, 'character')} typed in the minute after, ${figures.ratio}× their typical minute (${plural(figures.ownMinuteChars, 'character')})`,
    )
    .with(
      { kind: 'rewritten' },
      ({ figures }) =>
        `an answer of ${plural(figures.fromChars, 'character')} replaced in ${figures.seconds} s by one of ${figures.toChars.toLocaleString('en-US')}, ${figures.keptPercent}% of it kept, no paste`,
    )
    .exhaustive();
