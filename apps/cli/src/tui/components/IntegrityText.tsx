import { INTEGRITY_LEVEL_TEXT, type IntegrityLevel } from '@assay/domain/report';
import { Text } from './Text.js';

/** A dismissed piece is never yellow and a confirmed one never plain (issue 48, decision 645); the word says it without colour. */
const COLORS: Record<IntegrityLevel, 'red' | 'yellow' | undefined> = { none: undefined, dismissed: undefined, unreviewed: 'yellow', confirmed: 'red' };

/** The integrity summary's level in the words every surface uses ("Confirmed", "To review", "Dismissed", "No signals"). */
export const IntegrityText = ({ level }: { level: IntegrityLevel }) => (
  <Text color={COLORS[level]} dimColor={level === 'none'}>
    {INTEGRITY_LEVEL_TEXT[level]}
  </Text>
);

/** The level as one mark for a list at 80 columns: "!" confirmed, "?" to review, "·" dismissed, "—" nothing (decision 648). */
const MARKS: Record<IntegrityLevel, string> = { confirmed: '!', unreviewed: '?', dismissed: '·', none: '—' };

export const IntegrityMark = ({ level }: { level: IntegrityLevel }) => (
  <Text color={COLORS[level]} dimColor={level === 'none'}>
    {MARKS[level]}
  </Text>
);
