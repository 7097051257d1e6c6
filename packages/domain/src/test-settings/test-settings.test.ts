import { describe, expect, it } from 'vitest';
import { DEFAULT_AI_SETTINGS } from '../ai/ai-settings.js';
import { TestSettings, TestSettingsInput, checkTestSettings, defaultTestSettingsOf, violationRulesOf } from './test-settings.js';

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

  it('takes iMocha’s 0/1 for every switch as a body, and answers booleans only (decision 1029)', () => {
    const asIMochaWrites = {
      testSettings: { testName: 'Backend', testAliasName: 'Backend', typeOfTest: 1, practiceTest: 1 },
      questionSettings: { randomQuestions: 0, randomAnswers: 1, showQuestionScore: 0 },
      displayMessageSettings: { sectionEndPopup: 1, sectionTimeLeftAlert: 0, candidateFeedback: 1 },
      emailSettings: { sendTestReportEmailToCandidate: 0 },
      imageProctoringSettings: { terminateTestOnImageViolation: 1, terminateTestAfterViolationCount: 2 },
      windowViolationSettings: {
        copyPaste: 0,
        displayViolationSettings: { displayViolationPopUp: 1, terminateTestOnWindowViolation: 1, terminateTestAfterViolationCount: 1 },
      },
    };
    const read = TestSettingsInput.parse(asIMochaWrites);
    expect(read.testSettings).toEqual({ testName: 'Backend', testAliasName: 'Backend', typeOfTest: 1, practiceTest: true });
    expect(read.questionSettings).toEqual({ randomQuestions: false, randomAnswers: true, showQuestionScore: false });
    expect(read.windowViolationSettings.copyPaste).toBe(false);
    expect(TestSettings.parse(read)).toEqual(read);
    expect(TestSettingsInput.parse(defaults)).toEqual(defaults);
    expect(TestSettings.safeParse(asIMochaWrites).success).toBe(false);
    const two = TestSettingsInput.safeParse({ ...asIMochaWrites, emailSettings: { sendTestReportEmailToCandidate: 2 } });
    expect(two.error?.issues[0]?.message).toMatch(/^sendTestReportEmailToCandidate must be 0 or 1/);
  });

  it('takes the aiSettings group with 0/1 switches as v2 does, and leaves it out when the client did (decision 993)', () => {
    const asIMochaWrites = TestSettingsInput.parse({ ...defaults, questionSettings: { randomQuestions: 1, randomAnswers: 0, showQuestionScore: 1 } });
    const { aiSettings: _left, ...iMochaGroupsOnly } = asIMochaWrites;
    const ai = { ...DEFAULT_AI_SETTINGS, aiPolicy: 'guarded' as const, followUps: 2 };
    const withAi = TestSettingsInput.parse({ ...iMochaGroupsOnly, aiSettings: ai });
    expect(withAi.aiSettings).toEqual(ai);
    expect(withAi.questionSettings).toEqual({ randomQuestions: true, randomAnswers: false, showQuestionScore: true });
    expect('aiSettings' in TestSettingsInput.parse(iMochaGroupsOnly)).toBe(false);
    const unknownAi = TestSettingsInput.safeParse({ ...iMochaGroupsOnly, aiSettings: { ...ai, aiPolicy: 'loose' } });
    expect(unknownAi.success).toBe(false);
    expect(unknownAi.error?.issues[0]?.path).toEqual(['aiSettings', 'aiPolicy']);
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
  const model = { available: true, model: 'qwen2.5-coder' } as const;
  const noModel = { available: false, reason: 'no model is configured' } as const;
  const subject = { name: 'Backend', sections: [{}, { aiPolicy: 'none' as const }] };

  it('keeps the imported name and points at testAliasName for another', () => {
    expect(checkTestSettings(subject, defaults, model).val).toEqual(defaults);
    const renamed = checkTestSettings(subject, { ...defaults, testSettings: { ...defaults.testSettings, testName: 'Frontend' } }, model);
    expect(renamed.err?.kind).toBe('invalid-field');
    expect(renamed.err?.message).toContain('testAliasName');
  });

  it('refuses a policy that offers the assistant when no model is there (400.31), and takes none or a section of its own', () => {
    const guarded = { ...defaults, aiSettings: { ...DEFAULT_AI_SETTINGS, aiPolicy: 'guarded' as const, followUps: 2 } };
    expect(checkTestSettings(subject, guarded, model).val).toEqual(guarded);
    const refused = checkTestSettings(subject, guarded, noModel);
    expect(refused.err?.kind).toBe('model-unavailable');
    expect(refused.err?.message).toMatch(/no model is configured.*ASSAY_AI_BASE_URL/);
    // Follow-ups need no model; nor does a test whose every section keeps the assistant off.
    const followUpsOnly = { ...defaults, aiSettings: { ...DEFAULT_AI_SETTINGS, followUps: 3 } };
    expect(checkTestSettings(subject, followUpsOnly, noModel).val).toEqual(followUpsOnly);
    const sectionOpen = { name: 'Backend', sections: [{ aiPolicy: 'open' as const }] };
    expect(checkTestSettings(sectionOpen, followUpsOnly, noModel).err?.kind).toBe('model-unavailable');
    // Left out, the AI group is not checked: the test keeps what it had (decision 993).
    const { aiSettings: _left, ...iMochaGroupsOnly } = defaults;
    expect(checkTestSettings(subject, iMochaGroupsOnly, noModel).val).toEqual(iMochaGroupsOnly);
  });
});
