import type { LanguageId } from '@assay/domain/languages';
import { LANGUAGES, RUN_LANES } from './types.js';
import type { RunLane, RunOwner } from './types.js';

/** Throws unless `languages` (when given) is an array of known languages; `name` is the SandboxOptions field. */
export function checkLanguages(name: string, languages: readonly LanguageId[] | undefined): void {
  if (languages === undefined) return;
  if (!Array.isArray(languages)) throw new TypeError(`SandboxOptions.${name} must be an array of languages`);
  for (const language of languages)
    if (!LANGUAGES.includes(language)) throw new TypeError(`SandboxOptions.${name} has an unknown language ${String(language)}`);
}

export function checkOwner(owner: RunOwner | undefined): void {
  if (owner === undefined) return;
  if (typeof owner !== 'object' || owner === null || typeof owner.candidate !== 'string') throw new TypeError('RunOptions.owner needs a candidate string');
  for (const key of ['link', 'address', 'org'] as const) {
    if (owner[key] !== undefined && typeof owner[key] !== 'string') throw new TypeError(`RunOptions.owner.${key} must be a string`);
  }
}

/** `given`, once every lane is known and every weight a positive finite number. */
export function checkedLaneWeights(given: Partial<Record<RunLane, number>>): Partial<Record<RunLane, number>> {
  for (const [lane, weight] of Object.entries(given)) {
    if (!RUN_LANES.includes(lane as RunLane)) throw new TypeError(`laneWeights has an unknown lane ${lane}`);
    if (typeof weight !== 'number' || !(weight > 0) || !Number.isFinite(weight)) throw new RangeError(`laneWeights.${lane} must be a positive number`);
  }
  return given;
}

/** `value`, once it is an integer of at least `least`; `name` is the option's, for the error. */
export function checkedCount(name: string, value: number, least: number): number {
  if (!Number.isSafeInteger(value) || value < least) {
    throw new RangeError(`Sandbox ${name} must be an integer of at least ${least}, got ${String(value)}`);
  }
  return value;
}
