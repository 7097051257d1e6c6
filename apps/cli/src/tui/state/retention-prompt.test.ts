import { describe, expect, it } from 'vitest';
import { readRetention } from './retention-prompt.js';
import type { RetentionSettingsInput } from '@assay/domain/invitations';
import { closedSettingPrompt, settingKeys, settingPromptReducer } from './setting-prompt.js';

const char = (c: string) => ({ type: 'char', char: c }) as const;

describe('the retention prompt (issue 51 item 2)', () => {
  it('reads ended, media and unstarted days in order; keep is null, an empty place leaves one', () => {
    expect(readRetention('365,60,180')).toEqual({ value: { endedDays: 365, mediaDays: 60, unstartedDays: 180 } });
    expect(readRetention('730, , keep')).toEqual({ value: { endedDays: 730, unstartedDays: null } });
    expect(readRetention(',30')).toEqual({ value: { mediaDays: 30 } });
    expect(readRetention('')).toEqual({ error: 'type at least one period' });
    for (const bad of ['soon', '1,2,3,4', '1.5', '-3', 'forever']) expect(readRetention(bad)).toHaveProperty('error');
  });

  it('opens on s for an admin only, and saves what was typed on Enter', () => {
    const closed = closedSettingPrompt<RetentionSettingsInput>();
    expect(settingKeys(readRetention, closed, false, char('s')).events).toEqual([]);
    const open = settingPromptReducer(closed, { type: 'open' });
    expect(settingKeys(readRetention, closed, true, char('s')).events).toEqual([{ type: 'open' }]);
    const typed = settingPromptReducer(open, { type: 'edit', edit: { type: 'insert', text: '90' } });
    expect(settingKeys(readRetention, typed, true, { type: 'key', name: 'return' }).events).toEqual([{ type: 'submit', value: { endedDays: 90 } }]);
    expect(
      settingKeys(readRetention, settingPromptReducer(open, { type: 'edit', edit: { type: 'insert', text: 'soon' } }), true, { type: 'key', name: 'return' })
        .events,
    ).toEqual([{ type: 'refuse', error: (readRetention('soon') as { error: string }).error }]);
  });
});
