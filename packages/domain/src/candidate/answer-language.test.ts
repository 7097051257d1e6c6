import { describe, it, expect } from 'vitest';
import { answerLanguageFor, savedAnswerLanguage } from './answer-language.js';

describe('answerLanguageFor', () => {
  const pythonOrJs = { languages: ['python', 'javascript'] } as const;
  const all = { languages: ['python', 'javascript', 'typescript'] } as const;

  it('is the question first language when none is named', () => {
    expect(answerLanguageFor({ languages: ['python', 'javascript'] }, undefined)).toEqual({ val: 'python' });
  });

  it('is the named language when the question accepts it', () => {
    expect(answerLanguageFor({ languages: [...pythonOrJs.languages] }, 'javascript')).toEqual({ val: 'javascript' });
  });

  it.each<[readonly ('python' | 'javascript' | 'typescript')[], string]>([
    [['javascript'], 'This question cannot be answered in Python: answer it in JavaScript.'],
    [['typescript', 'javascript'], 'This question cannot be answered in Python: answer it in TypeScript or JavaScript.'],
  ])('refuses a language the question does not accept (%j) with 400.2', (languages, message) => {
    expect(answerLanguageFor({ languages: [...languages] }, 'python')).toEqual({ err: { kind: 'invalid-field', message } });
  });

  it('lists three languages readably', () => {
    expect(answerLanguageFor({ languages: ['javascript', 'typescript'] }, 'python').err?.message).toContain('JavaScript or TypeScript');
    expect(answerLanguageFor({ languages: [...all.languages] }, 'python').val).toBe('python');
  });
});

describe('savedAnswerLanguage', () => {
  it('is the saved language, or the first for an answer saved without one', () => {
    expect(savedAnswerLanguage({ languages: ['python', 'javascript'] }, 'javascript')).toBe('javascript');
    expect(savedAnswerLanguage({ languages: ['python', 'javascript'] }, undefined)).toBe('python');
  });
});
