import { describe, expect, it } from 'vitest';
import { cameraWarning, departureWarning, terminatedLead, terminatedPartial } from './violation-words.js';

const rules = (windowViolationLimit: number | null, violationPopup = false, imageViolationLimit: number | null = null) => ({
  windowViolationLimit,
  imageViolationLimit,
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
    expect(terminatedLead({ windowViolations: 3 })).toBe(
      'Your test was ended because you left the test window 3 times; your answers up to then were submitted.',
    );
    expect(terminatedLead({ windowViolations: 3, terminatedBy: 'window' })).toBe(
      'Your test was ended because you left the test window 3 times; your answers up to then were submitted.',
    );
  });

  it('names the camera when image violations ended it', () => {
    expect(terminatedLead({ windowViolations: 1, imageViolations: 3, terminatedBy: 'image' })).toBe(
      'Your test was ended because the camera showed nothing or was turned off 3 times; your answers up to then were submitted.',
    );
    expect(terminatedPartial({ imageViolations: 2, terminatedBy: 'image' })).toBe(
      'Your test was ended because the camera showed nothing or was turned off twice, and your last changes to some answers could not be saved:',
    );
  });
});

describe('cameraWarning', () => {
  it('terminate-after-2: counts each image violation, and the last allowed one says one more ends the test', () => {
    expect(cameraWarning(rules(null, false, 2), 1)).toBe(
      'Your camera showed nothing or was turned off: this is counted (1 of 2 allowed). More than twice ends your test.',
    );
    expect(cameraWarning(rules(null, false, 2), 2)).toBe(
      'Your camera showed nothing or was turned off: this is counted (2 of 2 allowed). One more ends your test.',
    );
    expect(cameraWarning(rules(null, false, 2), 3)).toBeNull();
  });

  it('without a limit only the popup setting warns', () => {
    expect(cameraWarning(rules(null, true), 1)).toBe(
      'Your camera showed nothing or was turned off: this is counted (1 so far). Keep your face in view until you submit.',
    );
    expect(cameraWarning(rules(null), 1)).toBeNull();
    expect(cameraWarning(undefined, 1)).toBeNull();
  });
});
