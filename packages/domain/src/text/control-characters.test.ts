import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multiLineText, plainText, singleLineText, verbatimCode } from '../schemas/text-fields.js';
import { parseStored } from '../schemas/stored-text.js';
import { QuestionDefinition, ReportSettings } from '../schemas/test-definition.js';
import { displayLine, displayLines, forbiddenCharacterIn } from './control-characters.js';

const ESC = '\u001b';
const RLO = '\u202e';
/** Every character either shape refuses, with a sample of each range's ends. */
const CONTROLS = ['\u0000', '\u0007', '\u0008', '\u000b', '\u000c', ESC, '\u001f', '\u007f', '\u0080', '\u0085', '\u009b', '\u009f'];
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', RLO, '\u2066', '\u2067', '\u2068', '\u2069'];

const messagesOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('the text rule of request fields', () => {
  const name = singleLineText('fullName', 200);
  const prose = multiLineText('text', 20_000);

  it.each([...CONTROLS, ...BIDI])('a single line refuses U+%s, naming the field and the character', (character) => {
    const code = character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    expect(messagesOf(name, `Eve${character}Smith`).join('; ')).toMatch(new RegExp(`^fullName must not contain .*characters \\(U\\+${code}\\)$`));
    expect(messagesOf(prose, `Line${character}two`).join('; ')).toMatch(new RegExp(`^text must not contain .*characters \\(U\\+${code}\\)$`));
  });

  it('says which kind of character it refused', () => {
    expect(messagesOf(name, `Eve${ESC}[2J`)).toEqual(['fullName must not contain control characters (U+001B)']);
    expect(messagesOf(name, `Eve ${RLO}htims`)).toEqual(['fullName must not contain bidirectional control characters (U+202E)']);
    expect(messagesOf(name, 'Eve\nSmith')).toEqual(['fullName must not contain line breaks (U+000A)']);
    expect(messagesOf(name, 'Eve\u2028Smith')).toEqual(['fullName must not contain line breaks (U+2028)']);
  });

  it('keeps real right-to-left names, and letters of every script', () => {
    for (const fullName of ['محمد عبد الله', 'דוד כהן', 'Ана-Мария Д’Арк', '王小明', 'José Ñúñez', 'Zoë 👩🏽‍💻']) {
      expect(name.parse(fullName)).toBe(fullName);
    }
  });

  it('lets lines keep newlines and tabs, turns CRLF into LF, and refuses a lone CR', () => {
    expect(prose.parse('Read this:\n\tconst x = 1;\r\nThen answer.')).toBe('Read this:\n\tconst x = 1;\nThen answer.');
    expect(messagesOf(prose, 'Correct\rWrong')).toEqual(['text must not contain line breaks (U+000D)']);
    expect(messagesOf(name, 'Tab\there')).toEqual(['fullName must not contain control characters (U+0009)']);
  });

  it('checks formats too (an email), and keeps code verbatim', () => {
    expect(messagesOf(z.email().check(plainText('emailId')), `a${ESC}@example.com`)).toContain('emailId must not contain control characters (U+001B)');
    const code = `print("\\x1b")\f\r\n\tpass${ESC}`;
    expect(verbatimCode(100).parse(code)).toBe(code);
  });

  it('documents the rule as a pattern that agrees with the check', () => {
    const { pattern } = z.toJSONSchema(name) as { pattern: string };
    const documented = new RegExp(pattern, 'u');
    for (const text of ['Ada', 'محمد', ' Ada ']) expect(documented.test(text), text).toBe(true);
    for (const text of ['', '   ', `Ada${ESC}`, `Ada${RLO}`, 'A\nB']) expect(documented.test(text), JSON.stringify(text)).toBe(false);
  });
});

describe('text shown from storage', () => {
  it('drops bidi controls and turns other controls into spaces on one line', () => {
    expect(displayLine(`Eve ${RLO}txt.exe${ESC}[2J\u0007\nX`)).toBe('Eve txt.exe [2J  X');
    expect(displayLine('محمد عبد الله')).toBe('محمد عبد الله');
  });

  it('keeps newlines and tabs in lines', () => {
    expect(displayLines(`a\r\n\tb${ESC}\rc\u2066d`)).toBe('a\n\tb  cd');
  });

  it('finds nothing in clean text', () => {
    expect(forbiddenCharacterIn('Ada Lovelace', 'single-line')).toBeUndefined();
    expect(forbiddenCharacterIn('a\n\tb', 'lines')).toBeUndefined();
  });

  it('reads questions and verdict labels stored before the rule, as they are shown, and still refuses anything else', () => {
    const stored = {
      type: 'single_choice',
      text: `Pick ${RLO}one${ESC}`,
      marks: 1,
      negativeMarks: 0,
      options: [
        { text: `yes${RLO}`, correct: true },
        { text: 'no', correct: false },
      ],
    };
    const question = parseStored(QuestionDefinition, stored);
    expect(question.text).toBe('Pick one');
    expect(question.type === 'single_choice' && question.options.map((option) => option.text)).toEqual(['yes', 'no']);
    expect(parseStored(ReportSettings, { verdictBands: [{ label: `Str${RLO}ong`, minPercent: 80 }] }).verdictBands[0]?.label).toBe('Strong');
    expect(() => parseStored(QuestionDefinition, { ...stored, marks: -1 })).toThrow();
  });
});
