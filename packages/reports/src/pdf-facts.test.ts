import { describe, expect, it } from 'vitest';
import { factsOf, variantText } from './pdf-facts.js';
import { sampleReportDetails } from './sample-report.js';

describe('variantText', () => {
  it('names each section as drawn and shuffled, and the seed', () => {
    expect(
      variantText({
        seed: 123,
        questionIds: [3, 1, 9],
        sections: [
          { sectionName: 'HTTP', asked: 2, poolSize: 6, shuffleQuestions: true, shuffleOptions: true },
          { sectionName: 'Coding', asked: 1, poolSize: 1, shuffleQuestions: false, shuffleOptions: false },
        ],
      }),
    ).toBe('HTTP: 2 of 6 drawn, questions and options shuffled; Coding: as authored · seed 123');
  });

  it('says when no draw exists yet', () => {
    expect(
      variantText({ seed: null, questionIds: [], sections: [{ sectionName: 'S', asked: 3, poolSize: 3, shuffleQuestions: false, shuffleOptions: true }] }),
    ).toBe('S: options shuffled · not drawn yet');
  });
});

describe('the Status fact (issue 52)', () => {
  it('a terminated attempt says so with the count that ended it; a completed one as before', () => {
    const details = sampleReportDetails();
    const terminated = { ...details, status: { ...details.status, endReason: 'terminated' as const }, integrity: { ...details.integrity, wv: 3 } };
    expect(factsOf(terminated)[0]).toEqual(['Status', 'Terminated (3 window violations) · report generated']);
    expect(factsOf(details)[0]).toEqual(['Status', 'Completed · report generated']);
  });

  it('names the image limit when the camera ended it (decision 974)', () => {
    const details = sampleReportDetails();
    const byCamera = {
      ...details,
      status: { ...details.status, endReason: 'terminated' as const, terminatedBy: 'image' as const },
      integrity: { ...details.integrity, wv: 1, iv: 3 },
    };
    expect(factsOf(byCamera)[0]).toEqual(['Status', 'Terminated (3 image violations) · report generated']);
  });
});
