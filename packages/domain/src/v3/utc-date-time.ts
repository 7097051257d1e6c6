import { z } from 'zod';

/** v3's dates: UTC ISO-8601 with the `Z` (decision 890), where v2 writes the same instant without a zone suffix. */
export const V3DateTime = z.string().meta({
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$',
  description: 'UTC, ISO-8601 with the Z suffix (YYYY-MM-DDTHH:MM:SSZ).',
  examples: ['2026-01-31T09:00:00Z'],
});

/** A v2 wire date-time (always UTC, `YYYY-MM-DDTHH:MM:SS`) as v3 writes it. */
export const v3DateTimeOf = (wire: string): string => `${wire}Z`;
