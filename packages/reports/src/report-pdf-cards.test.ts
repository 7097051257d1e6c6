import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import type { ReportDetails } from '@assay/domain';
import { pdfText, pdfWords, type PdfWord } from '../test/pdf-text.js';
import { decisionCards, drawCards } from './pdf-cards.js';
import { Cursor, LEFT, MARGIN, put } from './pdf-layout.js';
import { renderReportPdf } from './report-pdf.js';
import { sampleReportDetails } from './sample-report.js';

/**
 * Issue 29 item 4: a card, a fact or a table cell a recruiter decides from is never cut ("No departur…"), in any
 * script, at the width of an A4 page (the report's) or a US Letter one (612 × 792 pt): it wraps and grows.
 */

/** Decision data as long as an org may write it (a verdict band is up to 60 characters), in each script. */
const LONG: Record<string, { verdict: string; section: string; test: string }> = {
  English: {
    verdict: 'Strong hire: move straight on to the onsite interview loop',
    section: 'Distributed systems and data modelling for the payments platform team',
    test: 'Senior backend engineer screening for the payments and ledger platform, second round',
  },
  Chinese: {
    verdict: '强烈推荐直接进入现场面试环节并安排与技术负责人的深入交流',
    section: '分布式系统与支付平台的数据建模以及高并发场景下的一致性保证和故障恢复',
    test: '支付与账务平台高级后端工程师第二轮技术筛选测试',
  },
  Arabic: {
    verdict: 'توصية قوية بالانتقال مباشرة إلى المقابلة الشخصية مع الفريق',
    section: 'الأنظمة الموزعة ونمذجة البيانات لمنصة المدفوعات والتعامل مع الأعطال',
    test: 'اختبار فحص مهندس الخلفية الأول لمنصة المدفوعات والحسابات',
  },
  Hebrew: {
    verdict: 'המלצה חזקה להמשיך ישירות לראיון האישי עם צוות ההנדסה',
    section: 'מערכות מבוזרות ומידול נתונים עבור פלטפורמת התשלומים של החברה',
    test: 'מבחן סינון למהנדס צד שרת בכיר עבור פלטפורמת התשלומים',
  },
  Devanagari: {
    verdict: 'मजबूत सिफारिश सीधे साक्षात्कार के अगले चरण में भेजें',
    section: 'भुगतान मंच के लिए वितरित प्रणालियाँ और डेटा मॉडलिंग',
    test: 'भुगतान मंच के लिए वरिष्ठ बैकएंड इंजीनियर की जाँच',
  },
  Emoji: {
    verdict: 'Strong hire 🚀🚀🚀 move on to the onsite 👩🏽‍💻 with the team 🏳️‍🌈',
    section: 'Data 📊 and systems 🛠️ for the payments 💳 platform team 👩🏽‍💻',
    test: 'Backend 🧪 screening for payments 💳 and the ledger 📒',
  },
};

/** A quiet attempt ("No signals") with the long texts of `script`, an accommodation and a long address. */
const report = (script: string): ReportDetails => {
  const long = LONG[script]!;
  const sample = sampleReportDetails({ questions: 4, testName: long.test });
  return {
    ...sample,
    candidate: { ...sample.candidate, emailId: `${'firstname.middlename.lastname'.repeat(3)}@long-subdomain.example-company.com` },
    test: { ...sample.test, duration: 30, allowedSeconds: 2250 },
    verdict: { label: long.verdict, minPercent: 80 },
    sections: sample.sections.map((section, index) => (index === 1 ? { ...section, sectionName: long.section } : section)),
    integrity: { ...sample.integrity, wv: 0, tv: 0, departures: [], accommodation: { extraTimePercent: 25 } },
  };
};

const bytes = async (stream: Readable): Promise<Buffer> => Buffer.concat((await stream.toArray()) as Buffer[]);

const PAPER = { A4: [595.28, 841.89], Letter: [612, 792] } as const;

/** The cards alone on a page of `paper`, followed by one line of text (the next element), as the report draws them. */
const cardsOn = async (paper: keyof typeof PAPER, details: ReportDetails): Promise<Buffer> => {
  const [width, height] = PAPER[paper];
  const doc = new PDFDocument({ font: null as unknown as string, size: [width, height], margin: 0, compress: false });
  const cursor = new Cursor(doc);
  drawCards(doc, cursor, details, { left: MARGIN, width: width - 2 * MARGIN });
  put(doc, 'Next element', LEFT, cursor.y + 4, 200);
  doc.end();
  return bytes(doc);
};

interface Box {
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

const objectBody = (pdf: string, id: string): string => {
  const match = new RegExp(`(?:^|\\n)${id} 0 obj\\n([\\s\\S]*?)\\nendobj`).exec(pdf);
  if (!match?.[1]) throw new Error(`object ${id} not found`);
  return match[1];
};

/** The content stream of the first page of a PDF written with `compress: false`: /Kids [p …] -> /Contents n -> stream. */
const firstPageContent = (pdf: Buffer): string => {
  const text = pdf.toString('latin1');
  const page = /\/Kids \[(\d+) 0 R/.exec(text)?.[1];
  const contents = page === undefined ? undefined : /\/Contents (\d+) 0 R/.exec(objectBody(text, page))?.[1];
  if (contents === undefined) throw new Error('no first page');
  return objectBody(text, contents);
};

/** The decision cards' boxes: the rounded rectangles the first page of a PDF written with `compress: false` fills (only cards are rounded). */
const cardBoxes = (pdf: Buffer): Box[] =>
  [...firstPageContent(pdf).matchAll(/\nq\n((?:[-\d. ]+ [mlc]\n)+)h\n\/DeviceRGB cs\n[\d. ]+ scn\nf\nQ/g)]
    .filter(([, path = '']) => (path.match(/ c\n/g) ?? []).length === 4)
    .map(([, path = '']) => {
      const points = path
        .trim()
        .split('\n')
        .flatMap((operation) => {
          const numbers = operation.split(' ').slice(0, -1).map(Number);
          return numbers.flatMap((_, index) => (index % 2 === 0 ? [[numbers[index]!, numbers[index + 1]!] as const] : []));
        });
      const xs = points.map(([x]) => x);
      const ys = points.map(([, y]) => y);
      return { xMin: Math.min(...xs), yMin: Math.min(...ys), xMax: Math.max(...xs), yMax: Math.max(...ys) };
    });

/** The horizontal rules the first page of a PDF written with `compress: false` strokes (under the header, the facts, every table row). */
const rules = (pdf: Buffer): { x1: number; x2: number; y: number }[] =>
  [...firstPageContent(pdf).matchAll(/\n([\d.]+) ([\d.]+) m\n([\d.]+) \2 l\nS\n/g)].map(([, x1 = '', y = '', x2 = '']) => ({ x1: +x1, x2: +x2, y: +y }));

const EPSILON = 0.5;
const inside = (word: Box, box: Box): boolean =>
  word.xMin >= box.xMin - EPSILON && word.xMax <= box.xMax + EPSILON && word.yMin >= box.yMin - EPSILON && word.yMax <= box.yMax + EPSILON;
/**
 * The middle third of a word's box: the box runs from its font's ascent to its descent, far taller than most of the
 * ink (Noto Sans Arabic's twice the size), and lines set closely, or a rule under a descender, meet there.
 */
const ink = (box: Box): Box => {
  const trim = (box.yMax - box.yMin) / 3;
  return { ...box, yMin: box.yMin + trim, yMax: box.yMax - trim };
};
const intersect = (a: Box, b: Box): boolean =>
  Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin) > EPSILON && Math.min(ink(a).yMax, ink(b).yMax) - Math.max(ink(a).yMin, ink(b).yMin) > EPSILON;

/**
 * The layout holds: four cards in a row of one height; every word that starts in a card's box ends in it; every other
 * word below the cards' top starts below their bottom; no word's ink overlaps another's or crosses a rule (a fact or a
 * table cell that wraps grows its row). (Lines marked with their text for
 * extraction, as shaped and right-to-left ones are, come back from poppler without a box and are left out.)
 */
const expectCardsLaidOut = (pdf: Buffer): void => {
  const boxes = cardBoxes(pdf);
  expect(boxes).toHaveLength(4);
  const [{ yMin: top, yMax: bottom }] = boxes as [Box];
  for (const box of boxes) expect([box.yMin, box.yMax]).toEqual([top, bottom]);
  const words = pdfWords(pdf).filter((word) => word.xMax - word.xMin > 1 && word.yMax > word.yMin);
  const starting = (word: PdfWord, box: Box): boolean =>
    word.xMin >= box.xMin && word.xMin < box.xMax && word.yMin >= box.yMin - EPSILON && word.yMin < box.yMax;
  for (const word of words.filter((candidate) => candidate.yMin >= top - EPSILON)) {
    const box = boxes.find((candidate) => starting(word, candidate));
    if (box) expect(inside(word, box), `"${word.text}" ends inside its card`).toBe(true);
    else expect(word.yMin, `"${word.text}" starts below the cards`).toBeGreaterThanOrEqual(bottom);
  }
  const overlapping = words.flatMap((word, index) =>
    words
      .slice(index + 1)
      .filter((other) => intersect(word, other))
      .map((other) => `${word.text} / ${other.text}`),
  );
  expect(overlapping).toEqual([]);
  const crossing = words.flatMap((word) =>
    rules(pdf)
      .filter((rule) => word.xMax > rule.x1 && word.xMin < rule.x2 && ink(word).yMin < rule.y && rule.y < ink(word).yMax)
      .map((rule) => `${word.text} / rule at ${rule.y}`),
  );
  expect(crossing).toEqual([]);
};

/** Whitespace left out: a wrapped line of a script written without spaces comes back with a line break inside a word. */
const squeezed = (text: string): string => text.replace(/\s+/g, '');

describe('decision cards, facts and cells are never cut', () => {
  it.each(Object.keys(LONG))('the first page of the A4 report prints every card, fact and cell whole, and grows to hold them (%s)', async (script) => {
    const details = report(script);
    const pdf = await bytes(renderReportPdf({ details, generatedAt: Date.UTC(2026, 4, 1) }, { compress: false }));
    const [first = ''] = pdfText(pdf).split('\f');
    for (const whole of [
      'No signals',
      'No departures, pastes or similar answers',
      details.verdict!.label,
      details.test.testName,
      details.candidate.emailId,
      LONG[script]!.section,
      'Completed · report generated',
      '25% extra time: 37 min 30 s allowed',
    ]) {
      expect(squeezed(first), whole).toContain(squeezed(whole));
    }
    expect(first.replace(/\n[^\n]*Page 1 of \d+\s*$/, '')).not.toContain('\u2026');
    expectCardsLaidOut(pdf);
  });

  it.each(Object.keys(LONG).flatMap((script) => (['A4', 'Letter'] as const).map((paper) => [paper, script] as const)))(
    'on %s paper the cards hold their whole text and the next element starts below them (%s)',
    async (paper, script) => {
      const details = report(script);
      const pdf = await cardsOn(paper, details);
      const text = squeezed(pdfText(pdf));
      for (const card of decisionCards(details)) {
        for (const part of [card.label, card.value, card.detail]) expect(text, part).toContain(squeezed(part));
      }
      expect(text).not.toContain('\u2026');
      expectCardsLaidOut(pdf);
    },
  );

  it('the integrity section states the time allowed with the extra time', async () => {
    const text = pdfText(await bytes(renderReportPdf({ details: report('English'), generatedAt: 0 }))).replace(/\s+/g, ' ');
    expect(text).toContain('Accommodation: 25% extra time: 37 min 30 s allowed.');
  });
});
