import { z } from 'zod';
import { REGISTERED_LANGUAGES } from './registry.js';

/**
 * Every language a coding question may accept: the ids of the registry's profiles (registry.ts, decision 1320), not a
 * list of its own. The WebAssembly ones run on every host; the native ones need their Debian toolchain and a jail
 * (bubblewrap). Adding a language is its profile and its line in the registry: the compiler then points at every
 * exhaustive match over this type (the sandbox's engine, for one).
 */
export const LanguageId = z.enum(REGISTERED_LANGUAGES).meta({ id: 'LanguageId' });
export type LanguageId = z.infer<typeof LanguageId>;

export { QuestionForm } from './question-form.js';
