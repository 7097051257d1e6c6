/** Words and numbers as the page shows them; pure. */

export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** "once", "twice", "3 times". */
export const times = (count: number): string => (count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`);

/** "a", "a or b", "a, b or c" (with `and` for a list of things that are all there). */
export const listWords = (items: readonly string[], joiner: 'and' | 'or'): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${joiner} ${items.at(-1)}`;

/** "45 minutes", "1 hour 30 minutes". */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

/** "37 minutes 30 seconds", "45 minutes": whole seconds (the server rounds them down), seconds only when there are some. */
export function formatSeconds(seconds: number): string {
  const rest = seconds % 60;
  const minutes = formatMinutes(Math.floor(seconds / 60));
  return rest === 0 ? minutes : `${minutes} ${plural(rest, 'second')}`;
}

/** The time a candidate has: the test's duration, or with an accommodation the time allowed, saying it includes it. */
export const formatTimeAllowed = (test: { duration: number; extraTimePercent?: number; allowedSeconds?: number }): string =>
  test.extraTimePercent && test.allowedSeconds !== undefined
    ? `${formatSeconds(test.allowedSeconds)}, including your extra time`
    : formatMinutes(test.duration);

/** Marks as people write them: 1, 0.5, 2.25. */
export const formatNumber = (value: number): string => String(Math.round(value * 100) / 100);

/** A value of a sample test as JSON, cut at 400 characters. */
export const jsonPreview = (value: unknown): string => {
  let text: string;
  try {
    text = value === undefined ? 'undefined' : JSON.stringify(value);
  } catch {
    text = String(value);
  }
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
};
