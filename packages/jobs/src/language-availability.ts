import { ALL_LANGUAGES, languageProfile, type LanguageAvailabilities, type LanguageAvailability, type LanguageId } from '@assay/domain/languages';
import { LANGUAGES as SANDBOX_LANGUAGES, type CodeRunner } from '@assay/sandbox';

/**
 * A runner that says which languages it can run (the sandbox's `languages()`, issue 49). Named here until the
 * sandbox's own type is exported; a runner without it (a test's stub, an older sandbox) runs what it always ran.
 */
export type LanguageReportingRunner = CodeRunner & { languages?(): Readonly<Record<LanguageId, LanguageAvailability>> };

const NOT_OFFERED = (language: LanguageId): LanguageAvailability => ({
  available: false,
  reason: 'not in ASSAY_LANGUAGES',
  remedy: `add ${language} to ASSAY_LANGUAGES (or unset it for every language)`,
});

const JAIL_OFF: LanguageAvailability = {
  available: false,
  reason: 'ASSAY_NATIVE_JAIL=off: native languages run only in a jail, and this server makes none',
  remedy: 'on a host with user namespaces and bubblewrap (apt-get install bubblewrap), set ASSAY_NATIVE_JAIL=auto; or start an assay-worker there',
};

/** What a runner without a report of its own runs: the languages its engines always ran. */
const legacyReport = (language: LanguageId): LanguageAvailability =>
  (SANDBOX_LANGUAGES as readonly string[]).includes(language)
    ? { available: true }
    : { available: false, reason: 'this sandbox has no runner for it', remedy: 'update Assay to a version whose sandbox runs it' };

/**
 * Which languages this process can run, each with why not and how to enable it: the sandbox's own report (its
 * toolchains and jail probed), narrowed by the settings (ASSAY_LANGUAGES, ASSAY_NATIVE_JAIL) so that what the banner
 * and /readyz say is what the server does.
 */
export interface LanguageSettings {
  /** ASSAY_LANGUAGES: the languages offered. */
  readonly languages: readonly LanguageId[];
  /** ASSAY_NATIVE_JAIL: `off` runs no native language here. */
  readonly nativeJail: 'auto' | 'off';
}

export const languageAvailability = (runner: LanguageReportingRunner, settings: LanguageSettings): LanguageAvailabilities => {
  const report = runner.languages?.();
  return Object.fromEntries(
    ALL_LANGUAGES.map((language): [LanguageId, LanguageAvailability] => {
      if (!settings.languages.includes(language)) return [language, NOT_OFFERED(language)];
      if (settings.nativeJail === 'off' && languageProfile(language).runtime === 'native') return [language, JAIL_OFF];
      return [language, report?.[language] ?? legacyReport(language)];
    }),
  ) as Record<LanguageId, LanguageAvailability>;
};

/** The languages that run here, in the registry's order. */
export const runnableLanguages = (availability: LanguageAvailabilities): LanguageId[] => ALL_LANGUAGES.filter((language) => availability[language].available);

/** One line for the start banner: what runs here, and how to enable the rest (grouped by remedy). */
export const languagesBanner = (availability: LanguageAvailabilities): string => {
  const runs = runnableLanguages(availability).map((language) => languageProfile(language).name);
  const byRemedy = new Map<string, string[]>();
  for (const language of ALL_LANGUAGES) {
    const entry = availability[language];
    if (!entry.available) byRemedy.set(entry.remedy, [...(byRemedy.get(entry.remedy) ?? []), languageProfile(language).name]);
  }
  const rest = [...byRemedy].map(([remedy, names]) => `${names.join(', ')}: ${remedy}`);
  return `Languages run here: ${runs.join(', ') || 'none'}.${rest.length === 0 ? '' : ` To enable the rest — ${rest.join('; ')}.`}`;
};
