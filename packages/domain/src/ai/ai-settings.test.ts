import { describe, expect, it } from 'vitest';
import { TestDefinition } from '../schemas/test-definition.js';
import { aiPoliciesInUse, DEFAULT_AI_SETTINGS, defaultAiSettingsOf, needsModel, sectionAiPolicyOf } from './ai-settings.js';

const definitionWith = (extra: Record<string, unknown>, sections: Record<string, unknown>[] = [{}]) =>
  TestDefinition.parse({
    testName: 'Backend',
    ...extra,
    sections: sections.map((section) => ({
      sectionName: 'S',
      sectionType: 'general',
      duration: 10,
      questions: [{ type: 'single_choice', text: 'Q', marks: 1, options: [{ text: 'a', correct: true }, { text: 'b' }] }],
      ...section,
    })),
  });

describe('AI settings (issue 60, item 1)', () => {
  it('defaults to no assistant and no follow-ups, and a definition without them parses as before', () => {
    const plain = definitionWith({});
    expect(plain.ai).toBeUndefined();
    expect(defaultAiSettingsOf(plain)).toEqual(DEFAULT_AI_SETTINGS);
    expect(DEFAULT_AI_SETTINGS).toMatchObject({ aiPolicy: 'none', followUps: 0 });
  });

  it("takes the definition's own settings, each left out at its default", () => {
    const guarded = definitionWith({ ai: { aiPolicy: 'guarded', followUps: 2 } });
    expect(defaultAiSettingsOf(guarded)).toEqual({ ...DEFAULT_AI_SETTINGS, aiPolicy: 'guarded', followUps: 2 });
  });

  it('refuses what is out of bounds or unknown, naming the field', () => {
    expect(TestDefinition.safeParse({ ...definitionWith({}), ai: { followUps: 4 } }).error?.issues[0]?.path).toEqual(['ai', 'followUps']);
    expect(TestDefinition.safeParse({ ...definitionWith({}), ai: { aiPolicy: 'lenient' } }).success).toBe(false);
    expect(TestDefinition.safeParse({ ...definitionWith({}), ai: { assistantMessages: 0 } }).success).toBe(false);
  });

  it('lets a section have its own policy, and needs a model only where the assistant is offered', () => {
    const mixed = definitionWith({ ai: { aiPolicy: 'none' } }, [{}, { aiPolicy: 'open' }]);
    const settings = defaultAiSettingsOf(mixed);
    expect(mixed.sections.map((section) => sectionAiPolicyOf(settings, section))).toEqual(['none', 'open']);
    expect(aiPoliciesInUse(settings, mixed.sections)).toEqual(['none', 'open']);
    expect(needsModel(settings, mixed.sections)).toBe(true);
    expect(needsModel(settings, [{}, { aiPolicy: 'none' }])).toBe(false);
    expect(needsModel({ aiPolicy: 'guarded' }, [{ aiPolicy: 'none' }])).toBe(false);
  });
});
