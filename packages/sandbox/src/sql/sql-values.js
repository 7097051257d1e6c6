// How database values become the JSON scalars rows are judged by (decision 741), shared by both dialects' backends.

/**
 * One value as a JSON scalar: numbers stay numbers (a non-finite float becomes its name, as PostgreSQL spells it),
 * bigints become numbers when exact and decimal strings otherwise, blobs become `\x…` hex text, dates their ISO text,
 * anything structured (arrays, JSON) its JSON text.
 * @param {unknown} value
 * @returns {null | number | string | boolean}
 */
export function jsonScalar(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  return JSON.stringify(value);
}

/** Counts a result's size as JSON while its rows are read, so a huge result stops early as OUTPUT. */
export class OutputBudget {
  #left;
  /** @param {number} maxBytes */
  constructor(maxBytes) {
    this.#left = maxBytes;
  }
  /** @param {unknown[]} row @returns {boolean} whether the row still fits */
  take(row) {
    this.#left -= JSON.stringify(row).length + 1;
    return this.#left >= 0;
  }
}
