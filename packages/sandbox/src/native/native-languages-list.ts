import { ALL_LANGUAGES, languageName } from '@assay/domain/languages';
import { NATIVE_LANGUAGES, type NativeLanguageId } from './native-languages.js';

/**
 * scripts/native-languages.list, which the set-up scripts read before anything is built (scripts/native-languages.sh):
 * one line per native language in the registry's order, `Name:path[,path…]:package[ package…]` (its module's
 * toolchain's files, then its Debian packages). Written by `node scripts/write-native-languages.mjs`; a test fails when
 * the file and the registry differ (decision 1312).
 */
export function nativeLanguagesList(): string {
  const native = ALL_LANGUAGES.filter((language): language is NativeLanguageId => Object.hasOwn(NATIVE_LANGUAGES, language));
  const lines = native.map((language) => {
    const { commands, debianPackages } = NATIVE_LANGUAGES[language].toolchain;
    return `${languageName(language)}:${commands.join(',')}:${debianPackages.join(' ')}`;
  });
  return `${lines.join('\n')}\n`;
}
