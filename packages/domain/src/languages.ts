/**
 * `@assay/domain/languages`: the registry of languages a coding question may accept (one profile per language), the
 * typed-signature vocabulary stubs and harnesses are generated from, and the question forms.
 */
export { LanguageId, QuestionForm } from './languages/language-id.js';
export type { LanguageProfile } from './languages/profile.js';
export type { EditorMode, LegacyEditorModule, ValueSyntax } from './languages/editor-mode.js';
export type { Grammar } from './languages/highlight-grammars.js';
export type { TokenReading } from './languages/token-reading.js';
export { cDeclaration, cScalarType, cShapeOf, cSignatureRefusal } from './languages/profiles/c-signature.js';
export type { CShape } from './languages/profiles/c-signature.js';
export { cppTypeName } from './languages/profiles/cpp.js';
export { csharpTypeText, javaTypeText, parsedSignature } from './languages/profiles/jvm-types.js';
export { ALL_LANGUAGES, isRegisteredLanguage, languageName, languageProfile } from './languages/registry.js';
export { parseValueType, ScalarType, Signature, valueTypeText, ValueTypeText } from './languages/value-type.js';
export type { ValueType } from './languages/value-type.js';
export { goType } from './languages/profiles/go.js';
export { rustType } from './languages/profiles/rust.js';
export { importableLanguages, LanguageAvailability, languagesNeeded, runnableHere } from './languages/availability.js';
export type { LanguageAvailabilities } from './languages/availability.js';
export { highlight } from './languages/highlight.js';
export type { Token, TokenKind } from './languages/highlight.js';
