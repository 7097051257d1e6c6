import { z } from 'zod';
import type * as core from 'zod/v4/core';

/**
 * Reads a value the way the schema wants it, forgiving what v2 servers are known to vary on, before the
 * schema itself checks it: keys in another case or with trailing spaces (`accesskey`, `"TotalScore "`),
 * numbers sent as strings and strings sent as numbers, enum values in another case (`general questions`),
 * `""` or a missing key where the schema says null. Keys the schema does not know are dropped.
 * Nothing is invented: a value that cannot be read stays as it is and the schema reports it.
 */
export const normalise = (value: unknown, schema: core.$ZodType): unknown => {
  const def = (schema as core.$ZodTypes)._zod.def;
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
      return typeof value === 'string' ? (numberOf(value) ?? value) : value;
    case 'string':
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
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

const booleanOf = (value: unknown): unknown => {
  if (value === 1 || value === 'true' || value === '1') return true;
  if (value === 0 || value === 'false' || value === '0') return false;
  return value;
};

/** Literal and enum values: a numeric string for a number, another case or stray spaces for a string. */
const matchAllowed = (value: unknown, allowed: readonly unknown[]): unknown => {
  if (allowed.includes(value)) return value;
  if (typeof value === 'string') {
    const asNumber = numberOf(value);
    if (asNumber !== undefined && allowed.includes(asNumber)) return asNumber;
    const loose = looseKey(value);
    const match = allowed.find((candidate) => typeof candidate === 'string' && looseKey(candidate) === loose);
    if (match !== undefined) return match;
  }
  if (typeof value === 'number' && allowed.includes(String(value))) return String(value);
  return value;
};
