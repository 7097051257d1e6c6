import { describe, expect, it } from 'vitest';
import { parseQuestionText } from './question-text.js';
import { questionTextHtml } from './question-text-html.js';
import { questionTextPlain } from './question-text-plain.js';
import { renderedText } from './rendered-text.js';

const TEXT = 'Which status does `GET /items/42` answer? **Pick one.**\n\n- a [spec](https://www.rfc-editor.org/rfc/rfc9110)';

describe('renderedText', () => {
  it('is the text, its plain text and its HTML from one parse', () => {
    const parsed = parseQuestionText(TEXT);
    expect(renderedText(TEXT)).toEqual({ text: TEXT, textPlain: questionTextPlain(parsed), textHtml: questionTextHtml(parsed) });
  });

  it('parses a text once: every report of a test shows the same questions', () => {
    expect(renderedText(TEXT)).toBe(renderedText(TEXT));
    expect(renderedText(`${TEXT} `)).not.toBe(renderedText(TEXT));
  });
});
