/** Media type of the candidate report export (spec 4.13 leaves it open; this is the registered PDF type). */
export const PDF_MEDIA_TYPE = 'application/pdf';

/** Media type of the test report export (spec 4.14 leaves it open; this is the registered Office Open XML workbook type). */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
