import type { SectionType } from '@assay/domain/schemas';
import { describeLocally, differsLocally, localZone, parseAccessWindow } from '../lib/access-window.js';
import { h, type Child } from '../lib/dom.js';
import { formatMinutes, formatTimeAllowed, plural } from '../lib/format.js';
import { sectionKindLabel } from './section-kinds.js';

export interface SectionSummary {
  name: string;
  type: SectionType;
  /** Null before the questions are known (the landing of an invitation shows no counts then). */
  questions: number | null;
  duration: number;
}

/** What both landings (a test link's and an invitation's) say about the test. */
export interface TestFacts {
  testName: string;
  duration: number;
  /** An invitation's accommodation, when it has one (a test link's landing knows of none). */
  extraTimePercent?: number;
  allowedSeconds?: number;
  questions: number;
  sections: SectionSummary[];
  /** The link's window in words, and the zone it is in when known. */
  accessTime: string | null;
  timeZone?: { name: string; iana: string } | undefined;
}

/**
 * The landing card of both pages: the test's name and facts, its sections and when it can be taken.
 * `notice` leads, right under the name (why the test cannot be taken now: the first thing to know);
 * `intro` follows (a greeting); `rules` before the window; `footer` (a form, the Start button) last.
 */
export function landingCard(facts: TestFacts, parts: { notice?: Child; intro?: Child; rules?: Child; footer: Child }): HTMLElement {
  return h(
    'main',
    { class: 'page', id: 'main' },
    h(
      'div',
      { class: 'card landing' },
      h('p', { class: 'eyebrow' }, 'Online assessment'),
      h('h1', { tabindex: '-1' }, facts.testName),
      parts.notice,
      parts.intro,
      h(
        'dl',
        { class: 'facts' },
        fact('Duration', formatTimeAllowed(facts)),
        fact('Questions', String(facts.questions)),
        fact('Sections', String(facts.sections.length)),
      ),
      facts.sections.length > 0 ? [h('h2', null, 'Sections'), sectionList(facts.sections)] : null,
      parts.rules,
      facts.accessTime ? [h('h2', null, 'When you can take it'), accessWindow(facts.accessTime, facts.timeZone)] : null,
      parts.footer,
    ),
  );
}

const fact = (term: string, value: string): HTMLElement => h('div', null, h('dt', null, term), h('dd', null, value));

const sectionList = (sections: SectionSummary[]): HTMLElement =>
  h(
    'ol',
    { class: 'section-list' },
    sections.map((section) =>
      h(
        'li',
        null,
        h('span', { class: 'section-list-name' }, section.name),
        h(
          'span',
          { class: 'section-list-meta' },
          [
            sectionKindLabel(section.type, null),
            section.questions === null ? null : plural(section.questions, 'question'),
            section.duration > 0 ? `suggested ${formatMinutes(section.duration)}` : null,
          ]
            .filter(Boolean)
            .join(' · '),
        ),
      ),
    ),
  );

/** The link's window: "14 Jul 2025 09:00 to 20 Jul 2025 18:00", the zone it is in, and the candidate's own time when that differs. */
const accessWindow = (testAccessTime: string, timeZone?: { name: string; iana: string }): HTMLElement =>
  h(
    'div',
    { class: 'access-window', 'data-testid': 'access-window' },
    h('p', { class: 'access-time' }, testAccessTime),
    timeZone ? h('p', { class: 'muted' }, `Times are in ${timeZone.name} (${timeZone.iana}).`) : null,
    localWindow(testAccessTime),
  );

/** "In your time zone (America/Los_Angeles): from 30 Nov 2030, 20:30 to 5 Dec 2030, 04:30." */
export function localWindow(testAccessTime: string | null): HTMLElement | null {
  const window = parseAccessWindow(testAccessTime);
  const zone = localZone();
  if (!window || !zone || !differsLocally(window, zone)) return null;
  return h('p', { class: 'access-local', 'data-testid': 'access-window-local' }, `In your time zone (${zone}): ${describeLocally(window, zone)}.`);
}
