import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ReportDetails, SkillScore } from '@assay/domain';
import { pdfText } from '../test/pdf-text.js';
import { shownSkillsOf } from '@assay/domain';
import { FIRST_PAGE_SKILLS } from './pdf-skills.js';
import { renderReportPdf } from './report-pdf.js';
import { sampleReportDetails } from './sample-report.js';

const bytes = async (stream: Readable): Promise<Buffer> => Buffer.concat((await stream.toArray()) as Buffer[]);

/** The text of page 1 as a reader copies it (pdftotext ends each page with a form feed). */
const firstPageText = async (details: ReportDetails): Promise<string> =>
  pdfText(await bytes(renderReportPdf({ details, generatedAt: Date.UTC(2026, 4, 1) }, { compress: false })), 'layout').split('\f')[0]!;

const skill = (name: string, points: number, maxPoints: number, questions = 1, awaitingReview = 0): SkillScore => ({
  skill: name,
  points,
  maxPoints,
  percentage: Math.max(0, Math.round((points / maxPoints) * 1000) / 10),
  questions,
  awaitingReview,
});

describe("the PDF's Skills table (issue 52)", () => {
  it('lists each skill with its points, maximum, share and questions on page 1', async () => {
    const details = { ...sampleReportDetails({ questions: 8 }), skills: [skill('SQL', 3, 4, 2), skill('Joins', -1, 2), skill('Writing', 0, 5, 1, 1)] };
    const page = await firstPageText(details);
    expect(page).toMatch(/Skills\n/);
    expect(page).toMatch(/Skill\s+Points\s+Max\s+Share\s+Questions/);
    expect(page).toMatch(/SQL\s+3\s+4\s+75%\s+2/);
    expect(page).toMatch(/Joins\s+-1\s+2\s+0%\s+1/);
    expect(page).toMatch(/Writing\s+0\s+5\s+0%\s+1 \(1 awaiting review\)/);
    // Before the questions at a glance, on the first page.
    expect(page.indexOf('Skills\n')).toBeLessThan(page.indexOf('Questions at a glance'));
  });

  it(`lists at most ${FIRST_PAGE_SKILLS} skills on page 1 and counts the rest`, async () => {
    const many = Array.from({ length: FIRST_PAGE_SKILLS + 3 }, (_, index) => skill(`Skill ${String(index + 1).padStart(2, '0')}`, 1, 2));
    const page = await firstPageText({ ...sampleReportDetails({ questions: 4 }), skills: many });
    expect(page).toContain(`Skill ${FIRST_PAGE_SKILLS}`);
    expect(page).not.toContain(`Skill ${FIRST_PAGE_SKILLS + 1}`);
    expect(page).toContain('3 more skills in the report details and the workbook');
  });

  it('draws no table when the skills only repeat the sections (no question names a skill), nor for an older server', async () => {
    const sample = sampleReportDetails({ questions: 4 });
    const mirrored = sample.sections.map((section) => skill(section.sectionName, section.score, section.maxScore));
    const withMirror = { ...sample, skills: mirrored };
    expect(shownSkillsOf(withMirror)).toEqual([]);
    expect(await firstPageText(withMirror)).not.toMatch(/Skills\n/);
    expect(shownSkillsOf(sample)).toEqual([]);
  });
});
