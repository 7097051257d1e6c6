import { describe, expect, it } from 'vitest';
import { departureWarning, terminatedLead } from './violation-words.js';

const rules = (windowViolationLimit: number | null, violationPopup = false) => ({
  windowViolationLimit,
  imageViolationLimit: null,
  copyPasteAllowed: true,
  violationPopup,
});

describe('departureWarning', () => {
  it('terminate-after-2: counts each departure, and the last allowed one says one more ends the test', () => {
    expect(departureWarning(rules(2), 1)).toBe('Leaving the test window is counted (1 of 2 allowed). Leaving it more than twice ends your test.');
    expect(departureWarning(rules(2), 2)).toBe('Leaving the test window is counted (2 of 2 allowed): one more ends your test.');
    expect(departureWarning(rules(2), 3)).toBeNull();
  });

  it('a popup without a limit counts; neither asks for nothing', () => {
    expect(departureWarning(rules(null, true), 4)).toBe('Leaving the test window is counted (4 so far). Please stay on this page until you submit.');
    expect(departureWarning(rules(null), 4)).toBeNull();
    expect(departureWarning(undefined, 4)).toBeNull();
  });
});

describe('terminatedLead', () => {
  it('says why the test ended and that the answers were kept', () => {
    expect(terminatedLead(3)).toBe('Your test was ended because you left the test window 3 times; your answers up to then were submitted.');
  });
});
