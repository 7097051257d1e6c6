import { describe, expect, it } from 'vitest';
import type { Failure } from '../../errors.js';
import { char, named, type Keystroke } from '../input/keystroke.js';
import { NO_FILTER } from './pipeline-filter.js';
import {
  initialPipelinePrompt,
  pipelineOpenKeys,
  pipelinePromptKeys,
  pipelinePromptReducer,
  pipelineSaveKey,
  type PipelinePromptEvent,
  type PipelinePromptState,
} from './pipeline-prompt.js';

const ada = { testInvitationId: 7, fullName: 'Ada Lovelace' };

/** Each keystroke decided against the state as of it, its events applied: as the screen does. */
const typeInto = (state: PipelinePromptState, ...strokes: Keystroke[]) =>
  strokes.reduce((current, stroke) => pipelinePromptKeys(current, stroke).events.reduce(pipelinePromptReducer, current), state);
const opened = (kind: 'decide' | 'tag' | 'note' | 'rate' | 'filter', text?: string) =>
  pipelineOpenKeys(kind === 'filter' ? undefined : ada, text ?? '', char({ decide: 'd', tag: 't', note: 'n', rate: '*', filter: 'F' }[kind])).events.reduce(
    pipelinePromptReducer,
    initialPipelinePrompt(),
  );
const chars = (text: string) => [...text].map(char);

describe('pipelineOpenKeys', () => {
  it('opens a prompt on the highlighted row (d, t, n, *), the filter with the one in force (F), and passes other keys', () => {
    expect(opened('decide').prompt).toMatchObject({ kind: 'decide', target: ada });
    expect(opened('filter', 'completed').prompt).toMatchObject({ kind: 'filter', target: null, text: 'completed', caret: 9 });
    expect(pipelineOpenKeys(undefined, '', char('d'))).toEqual({ events: [], passed: false });
    expect(pipelineOpenKeys(ada, '', char('f')).passed).toBe(true);
  });
});

describe('the decide prompt', () => {
  it('takes a decision by its letter, then the reason, and saves both', () => {
    const state = typeInto(opened('decide'), char('q'), char('s'), ...chars('Strong SQL'), named('return'));
    expect(state.phase).toBe('saving');
    expect(state.write).toEqual({ kind: 'decide', testInvitationId: 7, decision: 'shortlisted', reason: 'Strong SQL' });
    expect(pipelineSaveKey(state)).toBe('evaluation#1');
  });

  it('clears with c and no reason; Esc closes without a write', () => {
    expect(typeInto(opened('decide'), char('c'), named('return')).write).toEqual({ kind: 'decide', testInvitationId: 7, decision: null });
    expect(typeInto(opened('decide'), char('j'), named('escape'))).toMatchObject({ phase: 'closed', prompt: null, write: null });
  });

  it('goes back to the prompt with the server’s refusal and the text kept; a saved write is said until the next key', () => {
    const saving = typeInto(opened('decide'), char('h'), ...chars('later'), named('return'));
    const failure: Failure = { exitCode: 1, label: '403.17', message: 'This API key may not decide on candidates.' };
    const refused = pipelinePromptReducer(saving, { type: 'failed', failure });
    expect(refused).toMatchObject({ phase: 'open', failure, prompt: { decision: 'on-hold', text: 'later' } });
    const saved = pipelinePromptReducer(typeInto(refused, named('return')), { type: 'saved', message: 'Invitation 7: on-hold.' });
    expect(saved).toMatchObject({ phase: 'closed', saved: 'Invitation 7: on-hold.' });
    const next = pipelinePromptKeys(saved, named('down'));
    expect(next.passed).toBe(true);
    expect(next.events.reduce(pipelinePromptReducer, saved).saved).toBeNull();
  });

  it('waits while saving: every key is taken and changes nothing', () => {
    const saving = typeInto(opened('decide'), char('a'), named('return'));
    expect(pipelinePromptKeys(saving, char('q'))).toEqual({ events: [], passed: false });
  });
});

describe('the tag, note and rate prompts', () => {
  it('adds a tag, removes one with a leading -, and refuses an empty one under the prompt', () => {
    expect(typeInto(opened('tag'), ...chars('Strong Python'), named('return')).write).toEqual({
      kind: 'tag',
      testInvitationId: 7,
      tag: 'Strong Python',
      remove: false,
    });
    expect(typeInto(opened('tag'), ...chars('-python'), named('return')).write).toEqual({ kind: 'tag', testInvitationId: 7, tag: 'python', remove: true });
    expect(typeInto(opened('tag'), named('return'))).toMatchObject({ phase: 'open', failure: { label: 'tag' } });
  });

  it('writes a note (q and ? are text), refusing an empty one', () => {
    expect(typeInto(opened('note'), ...chars('q? fine'), named('return')).write).toEqual({ kind: 'note', testInvitationId: 7, text: 'q? fine' });
    expect(typeInto(opened('note'), named('return')).failure?.label).toBe('note');
  });

  it('rates by one digit, 0 removing the rating; other keys wait', () => {
    expect(typeInto(opened('rate'), char('9'), char('x'), char('4')).write).toEqual({ kind: 'rate', testInvitationId: 7, rating: 4 });
    expect(typeInto(opened('rate'), char('0')).write).toEqual({ kind: 'rate', testInvitationId: 7, rating: null });
  });
});

describe('the filter prompt', () => {
  it('hands the parsed filter to the list and closes; a word it does not know stays under the prompt', () => {
    const open = typeInto(opened('filter'), ...chars('completed score>=15 clean'));
    const decision = pipelinePromptKeys(open, named('return'));
    expect(decision.effect).toEqual({ filter: { ...NO_FILTER, statuses: ['Completed'], minScore: 15, integrity: 'clean' } });
    expect(decision.events.reduce(pipelinePromptReducer, open).phase).toBe('closed');
    const wrong = typeInto(opened('filter'), ...chars('excellent'), named('return'));
    expect(wrong).toMatchObject({ phase: 'open', failure: { label: 'filter', message: expect.stringContaining('“excellent” is not a filter') } });
    expect(pipelinePromptKeys(typeInto(opened('filter', 'completed'), { type: 'ctrl', letter: 'u' }), named('return')).effect).toEqual({ filter: NO_FILTER });
  });
});

describe('pipelinePromptReducer', () => {
  it('ignores an answer no save waits for and a second open', () => {
    const closed = initialPipelinePrompt();
    const events: PipelinePromptEvent[] = [
      { type: 'saved', message: 'x' },
      { type: 'choose', decision: 'advanced' },
    ];
    expect(events.reduce(pipelinePromptReducer, closed)).toEqual(closed);
    const open = opened('note');
    expect(pipelinePromptReducer(open, { type: 'open', kind: 'tag', target: ada })).toBe(open);
  });
});
