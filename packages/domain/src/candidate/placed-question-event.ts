import { match } from 'ts-pattern';
import { typingWindowOf, type TypingWindow } from '../ai-use/typing-window.js';
import type { QuestionEventInput } from './question-signals.js';

/** A question event as the server placed it on the attempt's clock (`at`, ms): what the store records. */
export type PlacedQuestionEvent =
  | { readonly kind: 'question' | 'keystroke'; readonly questionId: number; readonly at: number }
  | {
      readonly kind: 'paste' | 'insertion';
      readonly questionId: number;
      readonly at: number;
      readonly chars: number;
      readonly lines: number;
      readonly questionWords?: number;
    }
  | { readonly kind: 'typing'; readonly questionId: number; readonly at: number; readonly window: TypingWindow };

/** The page's question event at the instant the server gave it; a window of typing moves with it (typingWindowOf). */
export const placeQuestionEvent = (event: QuestionEventInput, at: number): PlacedQuestionEvent => {
  const { questionId } = event;
  return match(event)
    .returnType<PlacedQuestionEvent>()
    .with({ type: 'paste' }, ({ chars, lines, questionWords }) => ({
      kind: 'paste',
      questionId,
      at,
      chars,
      lines,
      ...(questionWords === undefined ? {} : { questionWords }),
    }))
    .with({ type: 'insertion' }, ({ chars, lines }) => ({ kind: 'insertion', questionId, at, chars, lines }))
    .with({ type: 'typing' }, (typing) => ({ kind: 'typing', questionId, at, window: typingWindowOf(typing, at) }))
    .with({ type: 'question' }, { type: 'keystroke' }, ({ type }) => ({ kind: type, questionId, at }))
    .exhaustive();
};
