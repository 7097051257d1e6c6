import { describe, expect, it } from 'vitest';
import { AI_USE_THRESHOLDS } from './ai-use-thresholds.js';
import { copiedQuestion, type CopiedQuestionFacts } from './copied-question.js';
import { longestSharedRun, questionProse } from './shared-run.js';

/** A coding question whose prose names its identifiers and whose starter code repeats them (the false positive to avoid). */
const CODING = [
  'Write `longest_run(values)` that returns the length of the longest run of equal neighbours in the list `values`.',
  '',
  'An empty list has no run at all, so the answer for it is zero; a list of one element has a run of length one.',
  '',
  '```python',
  'longest_run([1, 1, 2, 2, 2, 3])  # 3',
  '```',
].join('\n');
const STARTER = 'def longest_run(values):\n    """The length of the longest run of equal neighbours."""\n    pass\n';
const HONEST_CODE = `def longest_run(values):
    """The length of the longest run of equal neighbours."""
    if not values:
        return 0
    best = current = 1
    for previous, value in zip(values, values[1:]):
        current = current + 1 if value == previous else 1
        best = max(best, current)
    return best
`;
const ESSAY_QUESTION =
  'Explain why a bounded queue in front of a slow service turns an overload into a refusal the caller can see, and what you would measure to know it works.';

const facts = (overrides: Partial<CopiedQuestionFacts>): CopiedQuestionFacts => ({
  questionId: 3,
  questionText: CODING,
  answer: HONEST_CODE,
  starterCode: STARTER,
  answerSavedAt: 5_000,
  pastes: [],
  ...overrides,
});

describe("copying the question's text", () => {
  it('stays quiet on an honest coding answer that repeats the signature, the docstring and the example call', () => {
    const withExample = `${HONEST_CODE}\nprint(longest_run([1, 1, 2, 2, 2, 3]))  # 3\n`;
    expect(copiedQuestion(facts({ answer: withExample }))).toBeNull();
  });

  it("leaves the question's code out of its prose: a code span splits the run around it", () => {
    const prose = questionProse(CODING);
    expect(prose.flat()).not.toContain('longest_run');
    expect(prose.flat()).not.toContain('python');
    expect(longestSharedRun(prose, 'that returns the length of the longest run of equal neighbours in the list').words).toBe(14);
  });

  it("fires on the question's prose pasted into a comment, with the excerpt a reviewer can find", () => {
    const answer = `# An empty list has no run at all, so the answer for it is zero\n${HONEST_CODE}`;
    const finding = copiedQuestion(facts({ answer }));
    expect(finding).toEqual({
      kind: 'copied-question',
      questionId: 3,
      at: 5_000,
      figures: { pastedWords: 0, answerWords: 15, proseWords: 41, excerpt: 'An empty list has no run at all so the answer for …' },
    });
  });

  it('fires on a paste the page found the prose in, at the paste, even when the answer no longer holds it', () => {
    const finding = copiedQuestion(
      facts({
        pastes: [
          { at: 4_000, questionWords: 3 },
          { at: 4_500, questionWords: 20 },
        ],
      }),
    );
    expect(finding).toMatchObject({ at: 4_500, figures: { pastedWords: 20 } });
    if (finding?.kind !== 'copied-question') throw new Error('a copy was expected');
    expect(finding.figures.answerWords).toBeLessThan(AI_USE_THRESHOLDS.copiedQuestion.minWords);
  });

  it('stays quiet on a paste or an answer that shares fewer words than the threshold', () => {
    const words = AI_USE_THRESHOLDS.copiedQuestion.minWords - 1;
    const answer = 'Explain why a bounded queue in front of a slow service … I think it refuses early.';
    expect(longestSharedRun(questionProse(ESSAY_QUESTION), answer).words).toBe(11);
    expect(copiedQuestion(facts({ questionText: ESSAY_QUESTION, starterCode: '', answer, pastes: [{ at: 1, questionWords: words }] }))).toBeNull();
  });

  it('fires on an essay that carries the question in, case and punctuation aside', () => {
    const answer = `explain why a BOUNDED queue, in front of a slow service, turns an overload into a refusal. It does because…`;
    expect(copiedQuestion(facts({ questionText: ESSAY_QUESTION, starterCode: '', answer }))).toMatchObject({ figures: { answerWords: 17 } });
  });

  it('says nothing without an answer or a paste, nor when no instant is known', () => {
    expect(copiedQuestion(facts({ answer: null }))).toBeNull();
    expect(copiedQuestion(facts({ answer: `# ${ESSAY_QUESTION}`, questionText: ESSAY_QUESTION, answerSavedAt: null }))).toBeNull();
  });
});
