import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASSISTANT_SYSTEM_PROMPTS } from './assistant-prompts.js';

/** docs/ai.md's quotations of the prompts, each a blockquote under its policy's bold name, joined into one line. */
const quotedPrompt = (doc: string, policy: string): string => {
  const after = doc.slice(doc.indexOf(`**${policy}**\n\n`) + `**${policy}**\n\n`.length);
  return after
    .split('\n')
    .filter((line, index, lines) => line.startsWith('> ') && lines.slice(0, index).every((earlier) => earlier.startsWith('> ')))
    .map((line) => line.slice(2))
    .join(' ');
};

describe('the system prompts', () => {
  it('are quoted word for word in docs/ai.md, what the org and the candidate read', () => {
    const doc = readFileSync(new URL('../../../../docs/ai.md', import.meta.url), 'utf8');
    for (const [policy, prompt] of Object.entries(ASSISTANT_SYSTEM_PROMPTS)) expect(quotedPrompt(doc, policy), policy).toBe(prompt);
  });
});
