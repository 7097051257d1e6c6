/**
 * Structural equality of a candidate's JSON-round-tripped result and the expected JSON value.
 * Objects compare by own enumerable keys whatever their order; arrays in order. `undefined` equals only
 * `undefined` (a function that returns nothing does not pass a case expecting `null`). NaN equals NaN,
 * so an expected value built in JavaScript rather than parsed from JSON still compares sensibly.
 */
export function deepEqual(actual: unknown, expected: unknown): boolean {
  if (actual === expected) return true;
  if (typeof actual === 'number' && typeof expected === 'number') {
    return Number.isNaN(actual) && Number.isNaN(expected);
  }
  if (typeof actual !== 'object' || typeof expected !== 'object' || actual === null || expected === null) {
    return false;
  }
  const actualIsArray = Array.isArray(actual);
  if (actualIsArray !== Array.isArray(expected)) return false;
  if (actualIsArray) {
    const a = actual as unknown[];
    const e = expected as unknown[];
    if (a.length !== e.length) return false;
    for (let i = 0; i < a.length; i += 1) {
      if (!deepEqual(a[i], e[i])) return false;
    }
    return true;
  }
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(e).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(e, key)) return false;
    if (!deepEqual(a[key], e[key])) return false;
  }
  return true;
}
