import { describe, expect, it } from 'vitest';
import { closedRetentionPrompt, readRetention, retentionKeys, retentionPromptReducer } from './retention-prompt.js';

const char = (c: string) => ({ type: 'char', char: c }) as const;

describe('the retention prompt (issue 51 item 2)', () => {
  it('reads ended, media and unstarted days in order; keep is null, an empty place leaves one', () => {
    expect(readRetention('365,60,180')).toEqual({ change: { endedDays: 365, mediaDays: 60, unstartedDays: 180 } });
    expect(readRetention('730, , keep')).toEqual({ change: { endedDays: 730, unstartedDays: null } });
    expect(readRetention(',30')).toEqual({ change: { mediaDays: 30 } });
    expect(readRetention('')).toEqual({ error: 'type at least one period' });
    for (const bad of ['soon', '1,2,3,4', '1.5', '-3', 'forever']) expect(readRetention(bad)).toHaveProperty('error');
  });

  it('opens on s for an admin only, and saves what was typed on Enter', () => {
    expect(retentionKeys(closedRetentionPrompt(), false, char('s')).events).toEqual([]);
    const open = retentionPromptReducer(closedRetentionPrompt(), { type: 'open' });
    expect(retentionKeys(closedRetentionPrompt(), true, char('s')).events).toEqual([{ type: 'open' }]);
    const typed = retentionPromptReducer(open, { type: 'edit', edit: { type: 'insert', text: '90' } });
    expect(retentionKeys(typed, true, { type: 'key', name: 'return' }).events).toEqual([{ type: 'submit', change: { endedDays: 90 } }]);
  });
});
