import { SHARE_DAYS } from '@assay/domain/report';

/**
 * The report screen's `l` (issue 61 item 4): a report link a manager without a key opens, made for the default days
 * (`assay share ID --days N` chooses others). The URL is shown once: the server keeps only a hash of its token.
 */
export type ShareLinkState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'making' }
  | { readonly phase: 'made'; readonly url: string; readonly expiresAt: string }
  | { readonly phase: 'failed'; readonly message: string };

/** The line under the report while a link is made or shown; null while idle. */
export const shareLinkLine = (state: ShareLinkState): string | null => {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'making':
      return `Making a report link (${SHARE_DAYS.default} days)…`;
    case 'made':
      return `Link (opens without a key until ${state.expiresAt.slice(0, 19).replace('T', ' ')} UTC; not shown again): ${state.url}`;
    case 'failed':
      return `No link made: ${state.message}`;
  }
};
