/**
 * The most invitations a test may have for the Excel export to carry its Item analysis sheet (decision 1445). The
 * analysis holds every scored attempt's marks, choices and times at once and computes in one go on the request thread:
 * on the bench's realistic test (24 questions), 20,000 attempts cost the export 2.7 s more of that thread and 130 MB
 * more memory, where the rest of the export stays flat; 2,100 attempts took 0.4 to 1.4 s and a few MB on a loaded
 * machine (docs/speed.md). A larger test is analysed where it is asked for alone (`GET /v2/org/tests/{id}/item-analysis`,
 * `assay tests analysis`).
 */
export const ITEM_ANALYSIS_EXPORT_CAP = 2_000;

/** Whether the export analyses a test of this many invitations (an upper bound of its scored attempts). */
export const itemAnalysisInExport = (invitations: number): boolean => invitations <= ITEM_ANALYSIS_EXPORT_CAP;

/** The sheet's one line when the analysis is left out, saying where to read it. */
export const itemAnalysisLeftOutText = (testId: number, invitations: number): string =>
  `This test has ${invitations} invitations: the workbook carries item analysis up to ${ITEM_ANALYSIS_EXPORT_CAP}. ` +
  `Read it with GET /v2/org/tests/${testId}/item-analysis, or \`assay tests analysis ${testId}\`.`;
