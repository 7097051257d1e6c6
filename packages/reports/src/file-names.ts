/** The file name of a candidate's report PDF, in Content-Disposition and in email attachments. */
export const reportPdfFileName = (testInvitationId: number): string => `assay-report-${testInvitationId}.pdf`;

/** The file name of a test's report workbook. */
export const testWorkbookFileName = (testId: number): string => `assay-test-${testId}-report.xlsx`;
