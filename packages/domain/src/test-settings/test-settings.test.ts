import { describe, expect, it } from 'vitest';
import { TestSettings, checkTestSettings, defaultTestSettingsOf, violationRulesOf } from './test-settings.js';

const section = (shuffle: boolean) => ({ shuffleQuestions: shuffle, shuffleOptions: shuffle });
const defaults = defaultTestSettingsOf({ name: 'Backend', definition: { sections: [section(true), section(true)] } as never });

describe('test settings', () => {
  it('defaults keep what the test did before settings: its shuffling, marks shown, nothing else on, copy-paste allowed', () => {
    expect(defaults.testSettings).toEqual({ testName: 'Backend', testAliasName: null, typeOfTest: 0, practiceTest: false });
    expect(defaults.questionSettings).toEqual({ randomQuestions: true, randomAnswers: true, showQuestionScore: true });
    // The timer's 5- and 1-minute alerts predate settings (decision 966); the popup and the feedback question do not.
    expect(defaults.displayMessageSettings).toEqual({ sectionEndPopup: false, sectionTimeLeftAlert: true, candidateFeedback: false });
    expect(violationRulesOf(defaults)).toEqual({ windowViolationLimit: null, imageViolationLimit: null, copyPasteAllowed: true, violationPopup: false });
    const mixed = defaultTestSettingsOf({ name: 'T', definition: { sections: [section(true), section(false)] } as never });
    expect(mixed.questionSettings.randomQuestions).toBe(false);
    expect(TestSettings.parse(defaults)).toEqual(defaults);
  });

  it('a limit needs its flag and a count of at least 1', () => {
    const window = (on: boolean, count: number) =>
      violationRulesOf({
        ...defaults,
        windowViolationSettings: {
          copyPaste: false,
          displayViolationSettings: { displayViolationPopUp: true, terminateTestOnWindowViolation: on, terminateTestAfterViolationCount: count },
        },
      });
    expect(window(true, 2)).toMatchObject({ windowViolationLimit: 2, copyPasteAllowed: false, violationPopup: true });
    expect(window(false, 2).windowViolationLimit).toBeNull();
    expect(window(true, 0).windowViolationLimit).toBeNull();
  });

  it('refuses a partial object, an unknown field and out-of-range counts', () => {
    expect(TestSettings.safeParse({ ...defaults, emailSettings: {} }).success).toBe(false);
    expect(TestSettings.safeParse({ ...defaults, extra: 1 }).success).toBe(false);
    expect(
      TestSettings.safeParse({ ...defaults, imageProctoringSettings: { terminateTestOnImageViolation: true, terminateTestAfterViolationCount: 101 } }).success,
    ).toBe(false);
    expect(TestSettings.safeParse({ ...defaults, testSettings: { ...defaults.testSettings, typeOfTest: 2 } }).success).toBe(false);
  });
});

describe('checkTestSettings', () => {
  it('keeps the imported name and points at testAliasName for another', () => {
    expect(checkTestSettings('Backend', defaults).val).toEqual(defaults);
    const renamed = checkTestSettings('Backend', { ...defaults, testSettings: { ...defaults.testSettings, testName: 'Frontend' } });
    expect(renamed.err?.kind).toBe('invalid-field');
    expect(renamed.err?.message).toContain('testAliasName');
  });
});
