import { existsSync } from 'node:fs';
import type { LanguageId } from '@assay/domain/languages';
import type { LanguageFixture, NativePrograms } from './fixture.js';

/**
 * The fixture of each of `languages` that has one (test/languages/<id>.ts exports a LanguageFixture): found by the
 * language's id, so a new language's fixture is its file and no list names it (every-language.test.ts, the browser
 * suite's languages-acceptance.test.ts).
 */
export async function loadLanguageFixtures(languages: readonly LanguageId[]): Promise<Map<LanguageId, LanguageFixture>> {
  const fixtures = new Map<LanguageId, LanguageFixture>();
  for (const language of languages) {
    const file = new URL(`./${language}.ts`, import.meta.url);
    if (!existsSync(file)) continue;
    const module = (await import(file.href)) as Record<string, unknown>;
    const fixture = Object.values(module).find((value): value is LanguageFixture => (value as LanguageFixture | undefined)?.language === language);
    if (fixture === undefined) throw new Error(`test/languages/${language}.ts exports no LanguageFixture for ${language}`);
    fixtures.set(language, fixture);
  }
  return fixtures;
}

/**
 * Each language's native programs, from its fixture: a native language without a fixture, or whose fixture has no
 * `native` programs, throws, so the native checks fail until its fixture has them.
 */
export async function nativeProgramsOf<Id extends LanguageId>(languages: readonly Id[]): Promise<ReadonlyMap<Id, NativePrograms>> {
  const fixtures = await loadLanguageFixtures(languages);
  return new Map(
    languages.map((language) => {
      const programs = fixtures.get(language)?.native;
      if (programs === undefined) throw new Error(`test/languages/${language}.ts has no \`native\` programs (pause, stdioPause, measure)`);
      return [language, programs] as const;
    }),
  );
}
