import { describe, expect, it } from 'vitest';
import { sectionKindLabel } from './section-kinds.js';

describe("a section's label", () => {
  it('says what the section holds, never "Multiple choice" for essays', () => {
    expect(sectionKindLabel('General Questions', ['single_choice', 'multiple_choice'])).toBe('Multiple choice');
    expect(sectionKindLabel('General Questions', ['single_choice', 'short_answer', 'free_text'])).toBe('Multiple choice, short answer and essay');
    expect(sectionKindLabel('General Questions', ['free_text'])).toBe('Essay');
    expect(sectionKindLabel('General Questions', ['short_answer', 'coding'])).toBe('Short answer and coding');
    expect(sectionKindLabel('Coding Questions', ['coding'])).toBe('Coding');
  });

  it('before the questions are known, names only what the type tells', () => {
    expect(sectionKindLabel('General Questions', null)).toBe('Questions');
    expect(sectionKindLabel('Coding Questions', null)).toBe('Coding');
    expect(sectionKindLabel('General Questions', [])).toBe('Questions');
  });
});
