import { describe, expect, it } from 'vitest';
import { DEFAULT_FONT_SIZE, readFontSize } from './editor-prefs.js';

describe('the remembered code text size (decision 669)', () => {
  it('takes a size offered, and the default for anything else', () => {
    expect(readFontSize('18')).toBe(18);
    expect(readFontSize(null)).toBe(DEFAULT_FONT_SIZE);
    expect(readFontSize('17')).toBe(DEFAULT_FONT_SIZE);
    expect(readFontSize('x')).toBe(DEFAULT_FONT_SIZE);
  });
});
