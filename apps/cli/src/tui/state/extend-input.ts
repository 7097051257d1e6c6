import { formatWireDateTime } from '@assay/domain/core';
import { spanMsOf } from '../../format/span.js';
import { zonedToWire } from './zoned-date.js';

/** What the extend prompt read (issue 50 item 4): a span from now, or a day and time in the invitation's link's zone. */
export type ExtendInput = { kind: 'span'; ms: number } | { kind: 'date'; typed: string };

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/u;

/** The prompt's text read, or why not (shown under the prompt, the text kept). */
export const readExtendInput = (text: string): { input: ExtendInput } | { error: string } => {
  const trimmed = text.trim();
  const ms = spanMsOf(trimmed);
  if (ms !== undefined) return { input: { kind: 'span', ms } };
  if (DATE_PATTERN.test(trimmed)) return { input: { kind: 'date', typed: trimmed } };
  return { error: 'type a span like 3d, 12h or 2w (at most a year), or a date YYYY-MM-DD HH:MM' };
};

/**
 * The UTC expiry the input means (the server's wire format): a span counts from now, as `assay invitations extend --by`
 * does (decision 784); a date is read in `zone`. Undefined for a date that does not exist there.
 */
export const expiryOf = (input: ExtendInput, zone: string, now: number): string | undefined =>
  input.kind === 'span' ? formatWireDateTime(Math.floor((now + input.ms) / 1000) * 1000) : zonedToWire(input.typed, zone);
