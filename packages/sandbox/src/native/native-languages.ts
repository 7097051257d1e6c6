import type { NativeLanguage } from './native-language.js';
import { cLanguage } from './languages/c.js';
import { cppLanguage } from './languages/cpp.js';
import { csharpLanguage } from './languages/csharp.js';
import { goLanguage } from './languages/go.js';
import { javaLanguage } from './languages/java.js';
import { phpLanguage } from './languages/php.js';
import { rubyLanguage } from './languages/ruby.js';
import { rustLanguage } from './languages/rust.js';

/**
 * Every native language's module: the one list of native languages (decision 1322). A module here is its language's
 * engine (engines.ts derives its `{ family: 'native' }` entry) and carries its toolchain (the jail's /etc binds, the
 * install line and scripts/native-languages.list are gathered from them: native-toolchains.ts).
 */
const MODULES = [javaLanguage, cLanguage, cppLanguage, csharpLanguage, goLanguage, rustLanguage, rubyLanguage, phpLanguage] as const;

/** A native language (compiled or interpreted by a Debian toolchain), run in a jail: one with a module above. */
export type NativeLanguageId = (typeof MODULES)[number]['id'];

export const NATIVE_LANGUAGES = Object.fromEntries(MODULES.map((module) => [module.id, module])) as {
  readonly [Id in NativeLanguageId]: NativeLanguage;
};
