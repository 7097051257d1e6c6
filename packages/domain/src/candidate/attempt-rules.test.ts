import { describe, expect, it } from 'vitest';
import { defaultTestSettingsOf, type TestSettings } from '../test-settings/test-settings.js';
import { AttemptRules, attemptRulesOf, rulesInForce } from './attempt-rules.js';

const DEFAULTS = defaultTestSettingsOf({ name: 'Screening', definition: { sections: [] } });
const withLimit = (limit: number): TestSettings => ({
  ...DEFAULTS,
  windowViolationSettings: {
    copyPaste: false,
    displayViolationSettings: { displayViolationPopUp: true, terminateTestOnWindowViolation: true, terminateTestAfterViolationCount: limit },
  },
});

/** Issue 59 item 8, decision 1140: the rules an attempt runs under are the ones it started with. */
describe("an attempt's rules", () => {
  it('are the settings as they stand at the start, with the link’s camera', () => {
    const rules = attemptRulesOf(withLimit(3), true);
    expect(rules).toEqual({ windowViolationLimit: 3, imageViolationLimit: null, copyPasteAllowed: false, violationPopup: true, cameraRequired: true });
    expect(AttemptRules.parse(rules)).toEqual(rules);
  });

  it('of a test that never had settings: no limits, copy-paste allowed, no popup, as its defaults say', () => {
    expect(attemptRulesOf(null, false)).toEqual({ ...attemptRulesOf(DEFAULTS, false) });
    expect(attemptRulesOf(undefined, false)).toEqual({
      windowViolationLimit: null,
      imageViolationLimit: null,
      copyPasteAllowed: true,
      violationPopup: false,
      cameraRequired: false,
    });
  });

  it('in force: the stored ones once started, whatever the settings say now; the current ones only without', () => {
    const started = attemptRulesOf(withLimit(3), true);
    let asked = 0;
    const now = () => {
      asked += 1;
      return attemptRulesOf(withLimit(1), false);
    };
    expect(rulesInForce(started, now)).toEqual(started);
    expect(asked).toBe(0);
    expect(rulesInForce(null, now)).toMatchObject({ windowViolationLimit: 1, cameraRequired: false });
    expect(rulesInForce(undefined, now).windowViolationLimit).toBe(1);
  });
});
