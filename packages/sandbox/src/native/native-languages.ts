import type { NativeLanguage, NativeLanguageId } from './native-language.js';
import { cLanguage } from './languages/c.js';
import { cppLanguage } from './languages/cpp.js';
import { csharpLanguage } from './languages/csharp.js';
import { goLanguage } from './languages/go.js';
import { javaLanguage } from './languages/java.js';
import { phpLanguage } from './languages/php.js';
import { rubyLanguage } from './languages/ruby.js';
import { rustLanguage } from './languages/rust.js';

/** Every native language's module: a new NativeLanguageId does not compile until it has one here. */
export const NATIVE_LANGUAGES: { readonly [Id in NativeLanguageId]: NativeLanguage } = {
  java: javaLanguage,
  c: cLanguage,
  cpp: cppLanguage,
  csharp: csharpLanguage,
  go: goLanguage,
  rust: rustLanguage,
  ruby: rubyLanguage,
  php: phpLanguage,
};
