import { describe, expect, it } from 'vitest';
import { ITEM_ANALYSIS_EXPORT_CAP, itemAnalysisInExport, itemAnalysisLeftOutText } from './export-cap.js';

describe('the export’s item analysis cap', () => {
  it('analyses a test of up to the cap’s invitations, and says where to read a larger one', () => {
    expect(itemAnalysisInExport(ITEM_ANALYSIS_EXPORT_CAP)).toBe(true);
    expect(itemAnalysisInExport(ITEM_ANALYSIS_EXPORT_CAP + 1)).toBe(false);
    expect(itemAnalysisLeftOutText(10, 20_100)).toBe(
      'This test has 20100 invitations: the workbook carries item analysis up to 2000. Read it with GET /v2/org/tests/10/item-analysis, or `assay tests analysis 10`.',
    );
  });
});
