import type { LanguageId } from '@assay/domain/languages';

/**
 * A run of a language this sandbox cannot run here (no jail on this host, its toolchain missing, native languages
 * turned off, or not among `SandboxOptions.languages`). Nothing was run, and nothing ever runs unjailed; callers
 * route the run to a worker that can, or answer the documented refusal with `reason` and `remedy`.
 */
export class LanguageUnavailableError extends Error {
  override readonly name = 'LanguageUnavailableError';

  constructor(
    readonly language: LanguageId,
    readonly reason: string,
    readonly remedy: string,
  ) {
    super(`${language} cannot run on this server: ${reason} (${remedy})`);
  }
}
