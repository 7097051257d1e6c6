import { describe, expect, it } from 'vitest';
import { historyLines } from '../history/history-entry-text.js';
import { InvitationListQuery } from '../schemas/invitation-list.js';
import { decisionChangeOf, DecisionInput } from './candidate-decision.js';
import { MAX_NOTES, mayAddNote, mayChangeNote, NoteInput } from './candidate-notes.js';
import { meanRating, RatingInput } from './candidate-rating.js';
import { MAX_TAGS, normalizeTag, tagsWith } from './candidate-tags.js';

describe('a decision on a candidate (decision 755)', () => {
  it('records a change, with the state before and the reason', () => {
    expect(decisionChangeOf(null, { decision: 'shortlisted' })).toEqual({ decision: 'shortlisted', previous: null, reason: null });
    expect(decisionChangeOf('shortlisted', { decision: 'rejected', reason: 'Weak SQL' })).toEqual({
      decision: 'rejected',
      previous: 'shortlisted',
      reason: 'Weak SQL',
    });
    expect(decisionChangeOf('on-hold', { decision: null })).toEqual({ decision: null, previous: 'on-hold', reason: null });
  });

  it('writes nothing for the state it already has, unless a new reason comes with it', () => {
    expect(decisionChangeOf('advanced', { decision: 'advanced' })).toBeUndefined();
    expect(decisionChangeOf(null, { decision: null, reason: '' })).toBeUndefined();
    expect(decisionChangeOf('advanced', { decision: 'advanced', reason: 'Panel agreed' })?.reason).toBe('Panel agreed');
  });

  it('takes only the four states or null, and a bounded reason', () => {
    expect(DecisionInput.safeParse({ decision: 'hired' }).success).toBe(false);
    expect(DecisionInput.safeParse({}).success).toBe(false);
    expect(DecisionInput.safeParse({ decision: 'on-hold', reason: 'x'.repeat(501) }).success).toBe(false);
    expect(DecisionInput.parse({ decision: null, reason: '  Late  ' })).toEqual({ decision: null, reason: 'Late' });
  });
});

describe('tags (decision 756)', () => {
  it('normalises case and spaces so one word is one tag', () => {
    expect(normalizeTag('  Strong Python ').val).toBe('strong-python');
    expect(normalizeTag('C++').err?.kind).toBe('invalid-tag');
    expect(normalizeTag('   ').err?.kind).toBe('invalid-tag');
    expect(normalizeTag('a'.repeat(33)).err?.message).toMatch(/at most 32/);
    expect(normalizeTag('-lead').err?.kind).toBe('invalid-tag');
    expect(normalizeTag('../x').err?.kind).toBe('invalid-tag');
  });

  it('adds a tag once, sorted, and refuses past the bound', () => {
    expect(tagsWith(['b'], 'a').val).toEqual(['a', 'b']);
    expect(tagsWith(['a'], 'a').val).toEqual(['a']);
    const full = Array.from({ length: MAX_TAGS }, (_, index) => `t${index}`);
    expect(tagsWith(full, 'new').err?.kind).toBe('too-many-tags');
    expect(tagsWith(full, 't3').val).toBe(full);
  });
});

describe('notes and ratings (decision 757)', () => {
  it('lets only its author change a note, whatever the role', () => {
    expect(mayChangeNote({ id: 4, keyId: 7 }, 7).val).toEqual({ id: 4, keyId: 7 });
    expect(mayChangeNote({ id: 4, keyId: 7 }, 8).err?.kind).toBe('note-not-yours');
  });

  it('bounds the notes of one invitation and their text', () => {
    expect(mayAddNote(MAX_NOTES - 1).val).toBe(true);
    expect(mayAddNote(MAX_NOTES).err?.kind).toBe('too-many-notes');
    expect(NoteInput.safeParse({ text: ' ' }).success).toBe(false);
    expect(NoteInput.parse({ text: 'Line one\r\nline two' }).text).toBe('Line one\nline two');
  });

  it('takes a whole rating from 1 to 5 and means them to one decimal', () => {
    for (const rating of [0, 6, 2.5, '3']) expect(RatingInput.safeParse({ rating }).success).toBe(false);
    expect(RatingInput.parse({ rating: 5 })).toEqual({ rating: 5 });
    expect(meanRating([])).toBeNull();
    expect(meanRating([{ rating: 4 }, { rating: 5 }, { rating: 5 }])).toBe(4.7);
  });
});

describe('the list and the history learn of decisions', () => {
  it('filters by decisions, none included, and by a tag', () => {
    expect(InvitationListQuery.parse({ decision: 'shortlisted,none', tag: 'Python' })).toMatchObject({ decision: ['shortlisted', 'none'], tag: 'Python' });
    expect(InvitationListQuery.safeParse({ decision: 'hired' }).success).toBe(false);
  });

  it('says each change in a line', () => {
    const by = { keyId: 3, label: 'Recruiter' };
    const at = '2026-12-01T09:00:00.000Z';
    const lines = historyLines([
      { at, by, kind: 'decided', details: { decision: 'rejected', previous: 'shortlisted', reason: 'Weak SQL' } },
      { at, by, kind: 'decided', details: { decision: null, previous: 'rejected', reason: null } },
      { at, by, kind: 'tagged', details: { tag: 'python', change: 'added' } },
      { at, by, kind: 'noted', details: { noteId: 9, change: 'edited' } },
      { at, by, kind: 'rated', details: { rating: 4 } },
      { at, by, kind: 'rated', details: { rating: null } },
    ]).map((line) => `${line.what} — ${line.by}`);
    expect(lines).toEqual([
      'Decision: rejected: "Weak SQL" — Recruiter',
      'Decision cleared — Recruiter',
      'Tag added: python — Recruiter',
      'Note 9 edited — Recruiter',
      'Rated 4 of 5 — Recruiter',
      'Rating removed — Recruiter',
    ]);
  });
});
