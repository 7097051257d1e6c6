import { defaultTestSettingsOf } from '@assay/domain/invitations';
import { describe, expect, it } from 'vitest';
import { applySetting, settingValueText, testSettingKeys } from './test-setting-keys.js';

const defaults = defaultTestSettingsOf({ name: 'JS', definition: { sections: [{ shuffleQuestions: false, shuffleOptions: false }] } as never });

describe('test setting keys (decision 933)', () => {
  it('name every setting once, each reading what it writes', () => {
    expect(new Set(testSettingKeys.map((setting) => setting.key)).size).toBe(22);
    const written = testSettingKeys.reduce((settings, setting) => {
      const value =
        setting.kind === 'boolean'
          ? !setting.read(settings)
          : setting.kind === 'count'
            ? 3
            : setting.kind === 'number'
              ? 9_000
              : setting.kind === 'type-of-test'
                ? 1
                : setting.kind === 'ai-policy'
                  ? 'guarded'
                  : 'New';
      return setting.write(settings, value);
    }, defaults);
    for (const setting of testSettingKeys) expect(setting.read(written), setting.key).not.toEqual(setting.read(defaults));
  });

  it('applies key=value, and says why not for a bad key or value', () => {
    const applied = applySetting(defaults, 'windowViolationCount=2');
    expect('settings' in applied && applied.settings.windowViolationSettings.displayViolationSettings.terminateTestAfterViolationCount).toBe(2);
    expect(applySetting(defaults, 'randomAnswers=on')).toMatchObject({ settings: { questionSettings: { randomAnswers: true } } });
    expect(applySetting(defaults, 'testAliasName=')).toMatchObject({ settings: { testSettings: { testAliasName: null } } });
    expect(applySetting(defaults, 'shuffle=true')).toMatchObject({ error: expect.stringContaining('No setting "shuffle"') });
    expect(applySetting(defaults, 'copyPaste=perhaps')).toEqual({ error: 'copyPaste takes true or false, not "perhaps".' });
    expect(applySetting(defaults, '=true')).toMatchObject({ error: expect.stringContaining('is not key=value') });
    expect(settingValueText(null)).toBe('(none)');
  });

  it('reaches the AI group (issue 60): policy, follow-ups, seconds and budgets, the defaults standing in for an older server', () => {
    const applied = applySetting(defaults, 'aiPolicy=Guarded');
    expect(applied).toMatchObject({ settings: { aiSettings: { aiPolicy: 'guarded', followUps: 0, followUpSeconds: 120, assistantMessages: 30 } } });
    expect(applySetting(defaults, 'assistantTokens=60000')).toMatchObject({ settings: { aiSettings: { assistantTokens: 60_000 } } });
    expect(applySetting(defaults, 'followUps=2')).toMatchObject({ settings: { aiSettings: { followUps: 2 } } });
    expect(applySetting(defaults, 'aiPolicy=sometimes')).toEqual({ error: 'aiPolicy takes none, guarded or open, not "sometimes".' });
    expect(applySetting(defaults, 'assistantTokens=lots')).toEqual({ error: 'assistantTokens takes a whole number, not "lots".' });
  });
});
