import { existsSync } from 'node:fs';
import { ALL_LANGUAGES, languageName, type LanguageId } from '@assay/domain/languages';
import { engineOf } from './engines.js';
import { jailAvailability } from './native/jail.js';
import type { JailAvailability } from './native/jail-spec.js';
import type { NativeLanguage } from './native/native-language.js';
import type { NativeLanguageId } from './native/native-languages.js';
import type { LanguageAvailability, SandboxOptions } from './types.js';

export interface AvailabilityInputs {
  readonly languages: SandboxOptions['languages'];
  readonly nativeJail: NonNullable<SandboxOptions['nativeJail']>;
  readonly modules: { readonly [Id in NativeLanguageId]: NativeLanguage };
  /** Probes the jail (called once, and only when a native language is wanted). */
  readonly jail?: () => JailAvailability;
  readonly exists?: (path: string) => boolean;
}

/**
 * Which languages this sandbox runs, and for each one it does not, why and how to enable it (decision 678): the
 * WebAssembly ones always; a native one needs native runs on (`nativeJail: 'auto'`), a jail this host can make
 * (jailAvailability, probed once) and every command of its toolchain; `languages`, when given, narrows the set.
 */
export function languageAvailability(inputs: AvailabilityInputs): Record<LanguageId, LanguageAvailability> {
  const { languages, nativeJail, modules, jail = jailAvailability, exists = existsSync } = inputs;
  let probed: JailAvailability | undefined;
  const entries = ALL_LANGUAGES.map((language): [LanguageId, LanguageAvailability] => {
    if (languages !== undefined && !languages.includes(language)) {
      return [
        language,
        { available: false, reason: `${languageName(language)} is not among this server's languages`, remedy: `add ${language} to the sandbox's languages` },
      ];
    }
    const engine = engineOf(language);
    if (engine.family !== 'native') return [language, { available: true }];
    if (nativeJail === 'off') {
      return [
        language,
        {
          available: false,
          reason: 'native languages are turned off on this server (no jail)',
          remedy: "run it where user namespaces and bubblewrap work, with nativeJail 'auto'",
        },
      ];
    }
    probed ??= jail();
    if (!probed.ok) return [language, { available: false, reason: probed.reason, remedy: probed.remedy }];
    const { commands, debianPackages } = modules[engine.module].toolchain;
    const missing = commands.filter((command) => !exists(command));
    if (missing.length > 0) {
      return [
        language,
        {
          available: false,
          reason: `${languageName(language)}'s toolchain is missing (${missing.join(', ')})`,
          remedy: `apt-get install ${debianPackages.join(' ')}`,
        },
      ];
    }
    return [language, { available: true }];
  });
  return Object.freeze(Object.fromEntries(entries)) as Record<LanguageId, LanguageAvailability>;
}
