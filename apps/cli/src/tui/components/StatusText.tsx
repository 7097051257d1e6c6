import type { InvitationStatus, TestLinkState } from '@assay/domain/invitations';
import type { InvitationListStatus, ReconciliationEvents, ReportStatus, TestStatus } from '@assay/domain/schemas';
import { Text } from './Text.js';

/** Every status word the cli shows: an invitation's ("Awaiting review" in a test's list), its report's, a test's, a link's, a completion event's. */
export type StatusWord = InvitationStatus | InvitationListStatus | ReportStatus | TestStatus | TestLinkState | ReconciliationEvents['events'][number]['type'];

type Colour = 'green' | 'cyan' | 'yellow' | 'magenta' | 'gray';

/** Exhaustive over the domain's unions: a status added there fails the build here until it has its colour. */
const COLORS: Record<StatusWord, Colour> = {
  Completed: 'green',
  'In progress': 'cyan',
  Pending: 'yellow',
  Reset: 'magenta',
  Cancelled: 'gray',
  Expired: 'gray',
  'Awaiting review': 'cyan',
  Active: 'green',
  Inactive: 'gray',
  Generated: 'green',
  completed: 'green',
  cancelled: 'gray',
  decided: 'magenta',
};

/** A status as its word; the colour is only an aid. */
export const StatusText = ({ status }: { status: StatusWord }) => <Text color={COLORS[status]}>{status}</Text>;
