/** The spec's wire format for instants: UTC, `YYYY-MM-DDTHH:MM:SS`, no zone suffix. */
const WIRE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/** Parses the wire format to epoch milliseconds; undefined when the text is malformed or not a real date. */
export const parseWireDateTime = (text: string): number | undefined => {
  const parts = WIRE_PATTERN.exec(text);
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [number, number, number, number, number, number];
  const epochMs = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 2026-02-30 over to March; a real date round-trips unchanged.
  return formatWireDateTime(epochMs) === text ? epochMs : undefined;
};

export const formatWireDateTime = (epochMs: number): string => new Date(epochMs).toISOString().slice(0, 19);

const MS_PER_DAY = 86_400_000;

/** Milliseconds since UTC midnight of the day the instant falls on. */
export const utcTimeOfDay = (epochMs: number): number => ((epochMs % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY;
