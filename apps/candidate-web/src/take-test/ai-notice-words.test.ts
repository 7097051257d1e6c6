import type { SessionAssistant } from '@assay/domain/ai';
import type { CandidateSession } from '@assay/domain/candidate';
import { describe, expect, it } from 'vitest';
import { aiNoticeWords } from './ai-notice-words.js';

const assistant = (
  sections: SessionAssistant['sections'],
  model: SessionAssistant['model'] = { name: 'qwen2.5-coder:7b', host: '10.0.0.5' },
): SessionAssistant => ({
  fixed: false,
  policyVersion: null,
  testPolicy: sections[0]?.aiPolicy ?? 'none',
  sections,
  questions: [],
  budget: { messages: 30, tokens: 40_000 },
  remaining: { messages: 30, tokens: 40_000 },
  available: true,
  unavailableReason: null,
  model,
  recorded: 'Every message is recorded.',
  systemPrompts: [],
});

const sessionWith = (value: SessionAssistant | undefined) =>
  ({
    assistant: value,
    test: {
      sections: [
        { sectionId: 1, sectionName: 'Coding' },
        { sectionId: 2, sectionName: 'Essay' },
      ],
    },
  }) as unknown as CandidateSession;

describe('aiNoticeWords', () => {
  it('says nothing for a server that tells no policy', () => {
    expect(aiNoticeWords(sessionWith(undefined), 'Acme')).toBeNull();
  });

  it('under none: not allowed, nothing sent, no acknowledgment asked', () => {
    const words = aiNoticeWords(sessionWith(assistant([{ sectionId: 1, aiPolicy: 'none' }])), 'Acme');
    expect(words?.policy).toEqual(['AI assistants are not allowed: answer on your own, without ChatGPT, Copilot or any other AI tool.']);
    expect(words?.needsAcknowledgment).toBe(false);
    expect(words?.model).toBeNull();
  });

  it('per section when they differ, naming the org and the model', () => {
    const words = aiNoticeWords(
      sessionWith(
        assistant([
          { sectionId: 1, aiPolicy: 'guarded' },
          { sectionId: 2, aiPolicy: 'none' },
        ]),
      ),
      'Acme',
    );
    expect(words?.policy).toEqual([
      'Coding: You may use the assistant beside each question; it explains and never writes the solution.',
      'Essay: AI assistants are not allowed: answer on your own, without ChatGPT, Copilot or any other AI tool.',
    ]);
    expect(words?.model).toContain('Acme’s own model server (qwen2.5-coder:7b at 10.0.0.5)');
    expect(words?.recorded[0]).toBe('Every message is recorded.');
    expect(words?.needsAcknowledgment).toBe(true);
  });

  it('open: may write code', () => {
    expect(aiNoticeWords(sessionWith(assistant([{ sectionId: 1, aiPolicy: 'open' }], null)), 'Acme')?.policy).toEqual([
      'You may use the assistant beside each question; it may write code for you.',
    ]);
  });

  it('tells of follow-ups before the start: how many, how long, in the test’s time, and whether the model writes them', () => {
    const withFollowUps = (byModel: boolean) => ({ ...assistant([{ sectionId: 1, aiPolicy: 'none' }]), followUps: { count: 2, seconds: 120, byModel } });
    const templates = aiNoticeWords(sessionWith(withFollowUps(false)), 'Acme');
    expect(templates?.policy.slice(1)).toEqual([
      "After you submit a coding or written answer, you are asked 2 short questions about what you wrote, 2 minutes each, one at a time; pasting is blocked there. This time counts in your test's time.",
      'Those questions are made from your answer by Assay itself; nothing is sent to an AI model.',
    ]);
    expect(templates?.recorded[0]).toBe('Nothing you write is sent to an AI model.');
    const model = aiNoticeWords(sessionWith(withFollowUps(true)), 'Acme');
    expect(model?.policy[2]).toBe('Your submitted answer is sent to Acme’s own model server to write those questions.');
    expect(model?.recorded[0]).toBe('Only your submitted answers are sent to an AI model, for the follow-up questions.');
  });
});
