import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { goldenFirstPage, pixelDifference } from './golden-image.js';

const GOLDEN = new URL('./golden/first-page.png', import.meta.url);

/**
 * The first page of a fixed report, rendered by poppler's pdftoppm, against the stored image: a moved block, a lost
 * line or a wrong font shows as pixels that differ. Anti-aliasing may differ a little between poppler builds, hence
 * the tolerance. After a deliberate change of the layout, `pnpm --filter @assay/reports golden:update` stores the new
 * image (ASSAY_UPDATE_GOLDEN=1): look at it before committing it.
 */
describe('the first page, against its golden image', () => {
  it('looks as it did (within 0.5% of its pixels)', async () => {
    if (process.env.ASSAY_UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, await goldenFirstPage());
    const { sameSize, share } = await pixelDifference(await goldenFirstPage(), readFileSync(GOLDEN));
    expect(sameSize).toBe(true);
    expect(share).toBeLessThan(0.005);
  });

  it('the comparison sees a change of layout', async () => {
    const page = await goldenFirstPage();
    const { width = 0, height = 0 } = await sharp(page).metadata();
    // The same page with its content moved down by 6 pixels.
    const moved = await sharp(page)
      .extract({ left: 0, top: 0, width, height: height - 6 })
      .extend({ top: 6, background: '#ffffff' })
      .png()
      .toBuffer();
    expect((await pixelDifference(page, moved)).share).toBeGreaterThan(0.005);
  });
});
