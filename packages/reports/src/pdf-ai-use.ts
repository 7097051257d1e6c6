import { AI_USE_NAMES, AI_USE_RULES, type AiUseKind, type ReportDetails } from '@assay/domain';
import { displayIso } from './format.js';
import { BOLD, LEFT, MUTED, WIDTH, put, putWrapped, type Cursor, type Doc } from './pdf-layout.js';
import { drawTable, type Cell } from './pdf-table.js';
import { reviewCell } from './pdf-evidence-reviews.js';

const time = (iso: string): string => displayIso(iso).slice(11);

/**
 * The AI-use evidence on the integrity page (issue 60, item 5; decision 1200): one row per finding — the rule, the
 * question, when, its review — the figures that made it fire beneath, and each rule's sentence once, so that a
 * reader of the PDF sees what it means and what else it may be. Nothing when there are none.
 */
export const drawAiUse = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  const findings = details.integrity.aiUse ?? [];
  if (findings.length === 0) return;
  cursor.ensure(80);
  put(doc, 'AI-use evidence (needs no model; evidence for a reviewer, never a verdict or a score)', LEFT, cursor.y, WIDTH, { font: BOLD, size: 10 });
  cursor.y += 16;
  const rows = findings.map((finding, index): Cell[] => [
    { text: String(index + 1) },
    { text: AI_USE_NAMES[finding.kind], bold: true },
    { text: finding.questionNumber === null ? '–' : `Q${finding.questionNumber}` },
    { text: time(finding.at) },
    reviewCell(finding.review),
  ]);
  drawTable(
    doc,
    cursor,
    [{ header: '#', width: 30 }, { header: 'Rule' }, { header: 'Question', width: 64 }, { header: 'When (UTC)', width: 80 }, { header: 'Review', width: 80 }],
    rows,
  );
  cursor.y += 6;
  findings.forEach((finding, index) => {
    cursor.ensure(24);
    cursor.y += putWrapped(doc, `${index + 1}. ${finding.figuresText}`, LEFT, cursor.y, WIDTH, { size: 8.5 }) + 2;
  });
  cursor.y += 4;
  for (const kind of new Set<AiUseKind>(findings.map((finding) => finding.kind))) {
    cursor.ensure(30);
    cursor.y += putWrapped(doc, `${AI_USE_NAMES[kind]}: ${AI_USE_RULES[kind]}`, LEFT, cursor.y, WIDTH, { size: 8.5, color: MUTED }) + 2;
  }
  cursor.y += 10;
};
