import type { Invitation } from '@assay/domain';

/** TEMPORARY until the foundation's v3StatusOf lands: the invitation's state in v3's words. */
export const v3StatusWordOf = (invitation: Invitation, accessEnded: boolean): string =>
  invitation.status === 'Pending' || invitation.status === 'Reset'
    ? accessEnded
      ? 'Expired'
      : 'Pending'
    : invitation.status === 'In progress'
      ? 'In Progress'
      : invitation.status === 'Completed'
        ? 'Complete'
        : 'Cancelled';
