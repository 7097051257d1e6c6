import type { CandidateEvaluation } from '@assay/domain/invitations';
import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { evaluationText, parseRating, parseVerb } from './decisions.js';

const evaluation: CandidateEvaluation = {
  testInvitationId: 42,
  decision: { decision: 'rejected', reason: 'Weak SQL', decidedBy: { keyId: 3, label: 'Rita Recruiter' }, decidedAt: '2026-12-01T09:00:00.000Z' },
  tags: ['sql', 'strong-python'],
  notes: [
    {
      noteId: 7,
      text: 'Clear reasoning.',
      author: { keyId: 5, label: 'Panel A' },
      createdAt: '2026-12-01T09:00:00.000Z',
      editedAt: '2026-12-01T09:05:00.000Z',
    },
  ],
  ratings: [{ rating: 4, ratedBy: { keyId: 5, label: 'Panel A' }, ratedAt: '2026-12-01T09:00:00.000Z' }],
  meanRating: 4,
};

describe('assay decide, tag, note and rate (issue 50 item 2)', () => {
  it('prints what stands on an invitation, each thing with who', () => {
    expect(evaluationText(evaluation)).toBe(
      [
        'Invitation 42',
        'Decision: rejected by Rita Recruiter ("Weak SQL")',
        'Tags: sql, strong-python',
        'Ratings: 4 by Panel A (mean 4)',
        'Note 7 by Panel A (edited): Clear reasoning.',
      ].join('\n'),
    );
    expect(evaluationText({ ...evaluation, decision: null, tags: [], notes: [], ratings: [], meanRating: null })).toBe(
      'Invitation 42\nDecision: none\nTags: none\nRatings: none\nNotes: none',
    );
  });

  it('takes the decision verbs and ratings 1-5 or none, and refuses anything else as a usage error (exit 2)', () => {
    for (const verb of ['shortlist', 'advance', 'reject', 'hold', 'none']) expect(parseVerb(verb)).toBe(verb);
    expect(() => parseVerb('hire')).toThrow(InvalidArgumentError);
    expect(() => parseVerb('toString')).toThrow(InvalidArgumentError);
    expect(parseRating('5')).toBe(5);
    expect(parseRating('none')).toBeNull();
    for (const bad of ['0', '6', '2.5', 'five']) expect(() => parseRating(bad)).toThrow(InvalidArgumentError);
  });
});
