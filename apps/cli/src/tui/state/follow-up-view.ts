import type { FollowUpMark, ReviewFollowUps } from '@assay/domain/ai';
import { match, P } from 'ts-pattern';
import { terminalLine } from '../../format/terminal-text.js';
import { wrapLines } from '../../format/wrap-lines.js';
import { passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import type { FollowUpPlace, FollowUpsEvent, FollowUpsState } from './follow-ups-state.js';

/** One line of the scrolled part; `tone` colours it. */
export interface FollowUpLine {
  text: string;
  tone?: 'head' | 'muted' | 'warning' | 'marked' | 'unmarked' | 'quoted';
}

/** The keys that mark, in the rubric's order (decision 1361): 1 accurate, 2 partly, 3 not; 0 or u takes a mark back. */
export const MARK_KEYS: Readonly<Record<string, FollowUpMark | null>> = { '1': 'accurate', '2': 'partly', '3': 'not', '0': null, u: null };
const MARK_CHAR = { type: 'char', char: P.when((char: unknown) => typeof char === 'string' && Object.hasOwn(MARK_KEYS, char)) } as const;

/**
 * The follow-up screen's keys against the state as of the key: 1/2/3 mark, 0 or u takes the mark back, `n`/→ and
 * `p`/← the next and previous follow-up, ↑↓ PgUp PgDn scroll (`top` is the first line shown, `maxTop` the last one
 * can be), `b` blind, `r` reload; q, Esc and `?` go on to the frame. While it loads or saves, only the frame's keys.
 */
export const followUpKeys = (state: FollowUpsState, stroke: Keystroke, top: number, maxTop: number): KeyDecision<FollowUpsEvent> => {
  if (state.phase !== 'ready') return stroke.type === 'char' && stroke.char !== 'q' && stroke.char !== '?' ? taken() : passed();
  const scroll = (delta: number) => taken<FollowUpsEvent>({ type: 'scroll', top: Math.max(0, Math.min(maxTop, top + delta)) });
  return match<Keystroke, KeyDecision<FollowUpsEvent>>(stroke)
    .with(MARK_CHAR, ({ char }) => (state.queue && state.queue.followUpsCount > 0 ? taken({ type: 'mark', mark: MARK_KEYS[String(char)] ?? null }) : taken()))
    .with(P.union(typed('n'), pressed('right')), () => taken({ type: 'move', delta: 1 }))
    .with(P.union(typed('p'), pressed('left')), () => taken({ type: 'move', delta: -1 }))
    .with(pressed('up'), () => scroll(-1))
    .with(pressed('down'), () => scroll(1))
    .with(pressed('pageUp'), () => scroll(-10))
    .with(pressed('pageDown'), () => scroll(10))
    .with(typed('b'), () => taken({ type: 'toggleBlind' }))
    .with(typed('r'), () => taken({ type: 'reload' }))
    .otherwise(() => passed());
};

/** Text from the candidate or a model: every control made visible, its line breaks kept, wrapped at spaces. */
const wrapped = (text: string, width: number, indent = '', tone?: FollowUpLine['tone']): FollowUpLine[] =>
  wrapLines(
    text
      .split(/\r\n|\r|\n/)
      .map((paragraph) => terminalLine(paragraph))
      .join('\n'),
    Math.max(10, width - indent.length),
  ).map((line) => ({ text: `${indent}${line}`, ...(tone ? { tone } : {}) }));

/** The line a template (or a model) asks about, "What does line 7, …": marked in the code below. */
const askedLine = (question: string): number | null => {
  const found = /\bline (\d+)\b/i.exec(question);
  return found ? Number(found[1]) : null;
};

/** The code numbered, each line wrapped at spaces under its own indentation (nothing cut mid-word); `asked` marked ›. */
const codeLines = (code: string, width: number, asked: number | null): FollowUpLine[] => {
  const lines = code.replace(/\n$/, '').split(/\r\n|\r|\n/);
  const gutter = String(lines.length).length;
  return lines.flatMap((line, index) => {
    const visible = terminalLine(line.replaceAll('\t', '    '));
    const indent = /^ */.exec(visible)![0].slice(0, Math.max(0, width - gutter - 14));
    const lead = `${index + 1 === asked ? '›' : ' '}${String(index + 1).padStart(gutter)} │ `;
    const pieces = visible.trim() === '' ? [''] : wrapLines(visible.trimStart(), Math.max(10, width - lead.length - indent.length));
    return pieces.map((piece, at) => ({
      text: `${at === 0 ? lead : `${' '.repeat(lead.length - 2)}│ `}${indent}${piece}`,
      ...(index + 1 === asked ? { tone: 'head' as const } : {}),
    }));
  });
};

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
const clockOf = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** When and how the candidate answered: sent, the draft the time took, or never shown. */
const answeredText = ({ followUp }: FollowUpPlace): string =>
  followUp.answeredAt
    ? `sent ${clockOf(followUp.answeredAt)}`
    : followUp.servedAt
      ? `shown ${clockOf(followUp.servedAt)}, not sent: its last saved draft`
      : 'not shown to the candidate';

/**
 * The follow-up on screen as lines at `width` cells (decision 1361): the question (who wrote it), the candidate's
 * answer, when it was sent and the pastes refused, its mark; the rubric with the keys that give each mark; then the
 * code or text the question is about, numbered, with the line it names marked. Nothing names the candidate: the
 * header does that, when the queue is not blind.
 */
export const followUpLines = (queue: ReviewFollowUps, place: FollowUpPlace, width: number): FollowUpLine[] => {
  const { item, followUp } = place;
  const source = followUp.source === 'model' ? 'written by the model' : 'from a template';
  const pastes =
    followUp.pastesRefused === 0 ? [] : [{ text: `${plural(followUp.pastesRefused, 'paste')} refused in the answer box`, tone: 'warning' as const }];
  const rubric = (Object.entries(queue.rubric) as [FollowUpMark, string][]).map(([mark, meaning]) => {
    const key = Object.keys(MARK_KEYS).find((each) => MARK_KEYS[each] === mark);
    return `${key} ${mark}: ${meaning}`;
  });
  const asked = askedLine(followUp.text);
  const kind = item.language ? `Code (${terminalLine(item.language)})` : 'Written answer';
  return [
    ...wrapped(`Q: ${followUp.text || '(erased)'}`, width, '', 'head'),
    ...wrapped(`A: ${followUp.answer || '(no answer)'}`, width, '', followUp.answer ? 'quoted' : 'muted'),
    ...wrapLines(`${source} · ${answeredText(place)}`, width).map((text) => ({ text, tone: 'muted' as const })),
    ...pastes,
    ...(followUp.mark
      ? wrapped(`Mark: ${followUp.mark} — ${queue.rubric[followUp.mark]}`, width, '', 'marked')
      : [{ text: 'Not marked', tone: 'unmarked' as const }]),
    { text: '' },
    ...rubric.flatMap((line) => wrapped(line, width, '', 'muted')),
    ...wrapped('0 or u takes the mark back. A mark never changes the score.', width, '', 'muted'),
    { text: '' },
    { text: `── ${kind} they wrote`, tone: 'muted' },
    ...(item.language ? codeLines(item.answer, width, asked) : wrapped(item.answer || '(blank)', width)),
  ];
};
