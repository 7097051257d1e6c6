import { historyLines, historyOmissionLines, type InvitationHistory } from '@assay/domain/invitations';

/**
 * An invitation's history as rows a person reads, for the TUI's history screen and `assay history`: when (UTC, to the
 * second), what, by whom (a key by its person's name: decision 773); oldest first; then one row per kind of which only
 * the first and last entries are kept (decision 634).
 */
export const historyRows = (history: InvitationHistory): { when: string; what: string; by: string }[] => [
  ...historyLines(history.entries).map(({ at, what, by }) => ({ when: at.slice(0, 19).replace('T', ' '), what, by })),
  ...historyOmissionLines(history.omitted).map((what) => ({ when: '', what, by: '' })),
];
