import { existsSync } from 'node:fs';
import type { LanguageId } from '@assay/domain/languages';
import type { LanguageFixture } from './fixture.js';

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
