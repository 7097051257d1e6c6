import { describe, expect, it } from 'vitest';
import { shareLinkLine } from './share-link.js';

describe('the report screen’s share link line', () => {
  it('says nothing while idle, then what is made and until when, or why not', () => {
    expect(shareLinkLine({ phase: 'idle' })).toBeNull();
    expect(shareLinkLine({ phase: 'making' })).toBe('Making a report link (14 days)…');
    expect(shareLinkLine({ phase: 'made', url: 'https://assay.example/shared/abc', expiresAt: '2026-12-15T09:00:00.000Z' })).toBe(
      'Link (opens without a key until 2026-12-15 09:00:00 UTC; not shown again): https://assay.example/shared/abc',
    );
    expect(shareLinkLine({ phase: 'failed', message: 'A reviewer key may not…' })).toBe('No link made: A reviewer key may not…');
  });
});
