import { formatWireDateTime } from '@assay/domain/core';
import { WIRE_DATE_TIME_PATTERN } from '@assay/domain/schemas';
import { z } from 'zod';
import type * as core from 'zod/v4/core';

/**
 * Reads a value the way the schema wants it, forgiving what v2 servers are known to vary on, before the
 * schema itself checks it: keys in another case or with trailing spaces (`accesskey`, `"TotalScore "`),
 * numbers sent as strings and strings sent as numbers, `true`/`false` for the 0/1 flags, enum values in
 * another case or by their first word (`general questions`, `Coding`), a patterned text with stray spaces
 * (`"200.1 "`), date-times with a `Z`, an offset, milliseconds or a space (`2026-03-01T10:00:00.000Z`) as the
 * documented `YYYY-MM-DDTHH:MM:SS` in UTC, and `""` or a missing key where the schema says null. Keys the
 * schema does not know are dropped. Nothing is invented: a value that cannot be read stays as it is and the
 * schema reports it.
 */
export const normalise = (given: unknown, schema: core.$ZodType): unknown => {
  const def = (schema as core.$ZodTypes)._zod.def;
  const value = typeof given === 'string' && isWireDateTime(schema) ? wireDateTimeOf(given) : given;
  switch (def.type) {
    case 'object':
      return isRecord(value) ? normaliseObject(value, def.shape) : value;
    case 'array':
      return Array.isArray(value) ? value.map((item) => normalise(item, def.element)) : value;
    case 'tuple':
      return Array.isArray(value) ? value.map((item, index) => (def.items[index] ? normalise(item, def.items[index]) : item)) : value;
    case 'record':
      return isRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normalise(item, def.valueType)])) : value;
    case 'optional':
      return value === undefined ? value : normalise(value, def.innerType);
    case 'nullable':
      return value === undefined || value === null || value === '' ? null : normalise(value, def.innerType);
    case 'default':
    case 'prefault':
      return value === undefined ? value : normalise(value, def.innerType);
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return normalise(value, def.innerType);
    case 'pipe':
      return normalise(value, def.in);
    case 'lazy':
      return normalise(value, def.getter());
    case 'union':
      return normaliseUnion(value, def.options);
    case 'number':
      if (typeof value === 'boolean') return value ? 1 : 0;
      return typeof value === 'string' ? (numberOf(value) ?? flagOf(value) ?? value) : value;
    case 'string':
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return typeof value === 'string' ? trimmedToPattern(value, patternsOf(def)) : value;
    case 'boolean':
      return booleanOf(value);
    case 'literal':
      return matchAllowed(value, def.values);
    case 'enum':
      return matchAllowed(value, Object.values(def.entries));
    default:
      return value;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const looseKey = (key: string) => key.trim().toLowerCase();

/** The regular expressions a string schema checks (`.regex()`). */
const patternsOf = (def: core.$ZodTypeDef): RegExp[] =>
  (def.checks ?? []).flatMap((check) => {
    const checkDef = check._zod.def as { check: string; format?: string; pattern?: RegExp };
    return checkDef.check === 'string_format' && checkDef.format === 'regex' && checkDef.pattern ? [checkDef.pattern] : [];
  });

/** A patterned text (a statuscode, a date) that fits once its stray spaces are gone. */
const trimmedToPattern = (value: string, patterns: readonly RegExp[]): string =>
  patterns.length > 0 && !patterns.every((pattern) => pattern.test(value)) && patterns.every((pattern) => pattern.test(value.trim())) ? value.trim() : value;

/** The schema is the spec's wire date-time: by its documented pattern, or by the pattern it checks. */
const isWireDateTime = (schema: core.$ZodType): boolean =>
  z.globalRegistry.get(schema)?.pattern === WIRE_DATE_TIME_PATTERN ||
  patternsOf((schema as core.$ZodTypes)._zod.def).some((pattern) => pattern.source === WIRE_DATE_TIME_PATTERN);

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})?$/;

/**
 * A date-time as the spec writes it: UTC, `YYYY-MM-DDTHH:MM:SS`. A zone (`Z`, `+05:30`) is converted to UTC;
 * fractions of a second are dropped; without a zone the text is UTC already (the wire format has none).
 */
const wireDateTimeOf = (text: string): string => {
  const parts = DATE_TIME.exec(text.trim());
  if (!parts) return text;
  const [, date, time, , zone] = parts;
  if (zone === undefined) return `${date}T${time}`;
  const offset = /^[zZ]$/.test(zone) ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const epochMs = Date.parse(`${date}T${time}${offset}`);
  return Number.isNaN(epochMs) ? text : formatWireDateTime(epochMs);
};

const normaliseObject = (input: Record<string, unknown>, shape: Record<string, core.$ZodType>): Record<string, unknown> => {
  const byLooseKey = new Map<string, string>();
  for (const key of Object.keys(input)) if (!byLooseKey.has(looseKey(key))) byLooseKey.set(looseKey(key), key);
  const output: Record<string, unknown> = {};
  for (const [key, fieldSchema] of Object.entries(shape)) {
    const sourceKey = Object.hasOwn(input, key) ? key : byLooseKey.get(looseKey(key));
    const field = normalise(sourceKey === undefined ? undefined : input[sourceKey], fieldSchema);
    if (field !== undefined) output[key] = field;
  }
  return output;
};

/** The first option the value already fits; else the first that fits once normalised for it. */
const normaliseUnion = (value: unknown, options: readonly core.$ZodType[]): unknown => {
  if (options.some((option) => z.safeParse(option, value).success)) return value;
  for (const option of options) {
    const candidate = normalise(value, option);
    if (z.safeParse(option, candidate).success) return candidate;
  }
  return value;
};

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const numberOf = (text: string): number | undefined => (NUMERIC.test(text.trim()) ? Number(text.trim()) : undefined);

/** `"true"` and `"false"` where a 0/1 flag is expected. */
const flagOf = (text: string): number | undefined => ({ true: 1, false: 0 })[text.trim().toLowerCase() as 'true' | 'false'];

const booleanOf = (value: unknown): unknown => {
  if (value === 1 || value === 'true' || value === '1') return true;
  if (value === 0 || value === 'false' || value === '0') return false;
  return value;
};

/**
 * Literal and enum values: a numeric string or a boolean for a number (`true` for the flag 1), another case or
 * stray spaces for a string, or its first word when that names one value only (`Coding` for `Coding Questions`).
 */
const matchAllowed = (value: unknown, allowed: readonly unknown[]): unknown => {
  if (allowed.includes(value)) return value;
  if (typeof value === 'boolean' && allowed.includes(value ? 1 : 0)) return value ? 1 : 0;
  if (typeof value === 'string') {
    const asNumber = numberOf(value);
    if (asNumber !== undefined && allowed.includes(asNumber)) return asNumber;
    const loose = looseKey(value);
    const strings = allowed.filter((candidate): candidate is string => typeof candidate === 'string');
    const match = strings.find((candidate) => looseKey(candidate) === loose);
    if (match !== undefined) return match;
    const byFirstWord = strings.filter((candidate) => looseKey(candidate).split(/\s+/)[0] === loose);
    if (byFirstWord.length === 1) return byFirstWord[0];
  }
  if (typeof value === 'number' && allowed.includes(String(value))) return String(value);
  return value;
};
