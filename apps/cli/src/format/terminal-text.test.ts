import { describe, expect, it } from 'vitest';
import { HOSTILE_NAME, HOSTILE_NAME_SHOWN } from '../../test/helpers/hostile-text.js';
import { terminalJson, terminalLine, terminalText } from './terminal-text.js';

const CONTROLS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

describe('text from elsewhere, for a terminal', () => {
  it('shows each C0 control as its picture, DEL as ␡, C1 controls and bidi overrides as �', () => {
    expect(terminalLine(HOSTILE_NAME)).toBe(HOSTILE_NAME_SHOWN);
    expect(terminalLine('a\u0000b\u007Fc\u0085d\u202Ae\u2066f\u2069')).toBe('a␀b␡c�d�e�f�');
    expect(terminalLine(HOSTILE_NAME)).not.toMatch(CONTROLS);
  });

  it('keeps newline and tab in a block of lines, not in one line (a name cannot forge a row)', () => {
    expect(terminalText('one\ttwo\nthree\r\u001B[1A')).toBe('one\ttwo\nthree␍␛[1A');
    expect(terminalLine('one\ttwo\nthree')).toBe('one␉two␊three');
  });

  it('leaves every other character as it is: accents, right-to-left names, emoji, joiners', () => {
    for (const name of ['Zoë Ñúñez', 'مريم الحسن', 'דוד כהן', '李小龍', '👩‍💻 Ada', 'e\u0301']) {
      expect(terminalLine(name)).toBe(name);
      expect(terminalText(name)).toBe(name);
    }
  });

  it('writes JSON that parses back to the same value, with no raw control (JSON.stringify keeps C1 and bidi raw)', () => {
    const value = { fullName: HOSTILE_NAME, list: ['\u007F', '\u0085'] };
    expect(JSON.stringify(value)).toMatch(CONTROLS);
    const json = terminalJson(value, 2);
    expect(json.replaceAll('\n', '')).not.toMatch(CONTROLS);
    expect(JSON.parse(json)).toEqual(value);
    expect(json).toContain('\\u009b31m\\u202eevil');
  });
});
