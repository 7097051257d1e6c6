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

/** The level a workbook cell names (`INTEGRITY_LEVEL_TEXT`), or undefined for an empty or unknown cell (an older server's workbook). */
export const integrityLevelOfText = (text: string | null | undefined): IntegrityLevel | undefined =>
  (Object.entries(INTEGRITY_LEVEL_TEXT) as [IntegrityLevel, string][]).find(([, words]) => words === text)?.[0];

/** The level as one mark for a list at 80 columns: "!" confirmed, "?" to review, "·" dismissed, "—" nothing (decision 648). */
const MARKS: Record<IntegrityLevel, string> = { confirmed: '!', unreviewed: '?', dismissed: '·', none: '—' };

export const IntegrityMark = ({ level }: { level: IntegrityLevel }) => (
  <Text color={COLORS[level]} dimColor={level === 'none'}>
    {MARKS[level]}
  </Text>
);
