import { describe, expect, it } from 'vitest';
import { LanguageId } from './language-id.js';
import { ALL_LANGUAGES, isRegisteredLanguage, languageProfile } from './registry.js';

describe('the registry', () => {
  it('is the one list of languages: LanguageId is its profiles’ ids, in its order, each its own profile', () => {
    expect(LanguageId.options).toEqual(ALL_LANGUAGES);
    expect(new Set(ALL_LANGUAGES).size).toBe(ALL_LANGUAGES.length);
    for (const language of ALL_LANGUAGES) expect(languageProfile(language).id).toBe(language);
    expect(isRegisteredLanguage('python')).toBe(true);
    expect(isRegisteredLanguage('cobol')).toBe(false);
  });

  it('compares a language’s answers only with a registered language’s', () => {
    for (const language of ALL_LANGUAGES) {
      const comparedWith = languageProfile(language).tokens.comparedWith;
      if (comparedWith !== undefined) expect(isRegisteredLanguage(comparedWith), `${language} compared with ${comparedWith}`).toBe(true);
    }
    expect(languageProfile('typescript').tokens.comparedWith).toBe('javascript');
  });
});
