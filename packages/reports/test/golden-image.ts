import sharp from 'sharp';
import { renderReportPdfFile } from '../src/report-pdf-file.js';
import { sampleReportDetails } from '../src/sample-report.js';
import { firstPagePng } from './pdf-text.js';

/** The golden report: the sample report with 20 questions, generated at a fixed instant, so every render is the same. */
export const goldenReportPdf = (): Promise<Buffer> =>
  renderReportPdfFile({ details: sampleReportDetails({ questions: 20 }), generatedAt: Date.UTC(2026, 4, 1, 10, 20, 30) });

/** The resolution of the golden image: enough to see a moved line, small enough to keep in the repository. */
export const GOLDEN_DPI = 60;

export const goldenFirstPage = async (): Promise<Buffer> => firstPagePng(await goldenReportPdf(), GOLDEN_DPI);

/** How two PNGs differ: pixels whose channels differ by more than `threshold` (of 255), as a share of all pixels. */
export const pixelDifference = async (a: Buffer, b: Buffer, threshold = 48): Promise<{ sameSize: boolean; share: number }> => {
  const [left, right] = await Promise.all([a, b].map((png) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  if (left!.info.width !== right!.info.width || left!.info.height !== right!.info.height) return { sameSize: false, share: 1 };
  let differing = 0;
  const pixels = left!.info.width * left!.info.height;
  for (let pixel = 0; pixel < pixels; pixel++) {
    for (let channel = 0; channel < 3; channel++) {
      const at = pixel * 3 + channel;
      if (Math.abs(left!.data[at]! - right!.data[at]!) > threshold) {
        differing += 1;
        break;
      }
    }
  }
  return { sameSize: true, share: differing / pixels };
};
