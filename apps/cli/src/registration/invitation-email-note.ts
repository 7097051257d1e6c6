/**
 * What the CLI and the TUI say of an invitation email the server was asked about (`emailQueued`): it was queued (the
 * outbox sends it; `assay deliveries` shows it), or it was not (one went out within the last minute, or the invitation
 * is over), so the recruiter hands the URL over themselves.
 */
export const invitationEmailNote = (emailQueued: boolean, to?: string): string =>
  emailQueued
    ? `The invitation email was queued${to ? ` to ${to}` : ''} (see assay deliveries).`
    : 'No email was sent (one went out within the last minute, or the invitation is over): send the candidate this URL.';
