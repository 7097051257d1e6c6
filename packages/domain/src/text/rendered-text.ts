import { parseQuestionText } from './question-text.js';
import { questionTextHtml } from './question-text-html.js';
import { questionTextPlain } from './question-text-plain.js';

/** A question or option text as written, and as plain text and HTML from one parse (docs/question-text.md). */
export interface RenderedText {
  readonly text: string;
  readonly textPlain: string;
  readonly textHtml: string;
}

/** Texts remembered; past this the memory starts over (bounded, whatever the org holds). */
const REMEMBERED = 2_000;
const rendered = new Map<string, RenderedText>();

/**
 * The rendering of `text`. A report shows every question and option of its test, and every report of a test the same
 * ones: each text is parsed once, not once per report (a deterministic function of the text, so remembering it changes
 * no answer).
 */
export const renderedText = (text: string): RenderedText => {
  let known = rendered.get(text);
  if (!known) {
    const parsed = parseQuestionText(text);
    known = Object.freeze({ text, textPlain: questionTextPlain(parsed), textHtml: questionTextHtml(parsed) });
    if (rendered.size >= REMEMBERED) rendered.clear();
    rendered.set(text, known);
  }
  return known;
};
