import { describe, expect, it } from 'vitest';
import { decideGreenhousePatchTarget } from './patch-target.js';

describe('decideGreenhousePatchTarget', () => {
  it('lets https go anywhere the SSRF guard allows, whatever the setting', () => {
    expect(decideGreenhousePatchTarget({ scheme: 'https', loopback: false }, false).err).toBeUndefined();
    expect(decideGreenhousePatchTarget({ scheme: 'https', loopback: true }, true).err).toBeUndefined();
  });

  it('refuses plain http to a public host, even where private callbacks are allowed', () => {
    for (const allowPrivate of [false, true]) {
      expect(decideGreenhousePatchTarget({ scheme: 'http', loopback: false }, allowPrivate).err).toMatchObject({ kind: 'callback-url-not-allowed' });
    }
  });

  it('lets plain http reach this machine only where private callbacks are allowed', () => {
    expect(decideGreenhousePatchTarget({ scheme: 'http', loopback: true }, true).err).toBeUndefined();
    expect(decideGreenhousePatchTarget({ scheme: 'http', loopback: true }, false).err?.message).toMatch(/ASSAY_ALLOW_PRIVATE_CALLBACKS/);
  });
});
