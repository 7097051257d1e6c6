const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** The longest span an extension may add (a year): longer is a typo, not a plan. */
const MAX_SPAN_MS = 366 * UNIT_MS.d!;

/**
 * A span in whole minutes, hours, days or weeks (`90m`, `12h`, `3d`, `2w`), at most a year; undefined for anything else.
 * Shared by `assay invitations extend --by` and the TUI's extend prompt, so both read a span the same way.
 */
export const spanMsOf = (value: string): number | undefined => {
  const match = /^([1-9][0-9]{0,3})([mhdw])$/.exec(value.trim());
  const span = match ? Number(match[1]) * UNIT_MS[match[2]!]! : Number.NaN;
  return span > 0 && span <= MAX_SPAN_MS ? span : undefined;
};
