import { formatMinutes, h, plural } from './dom.js';

export function loadingView(text: string): HTMLElement {
  return h('main', { class: 'page', id: 'main' }, h('p', { class: 'boot-message', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), text));
}

export function errorView(title: string, message: string, retry?: () => void): HTMLElement {
  return h(
    'main',
    { class: 'page', id: 'main' },
    h(
      'div',
      { class: 'card' },
      h('h1', { tabindex: '-1' }, title),
      h('p', { class: 'notice notice-error', 'data-testid': 'access-message', role: 'alert' }, message),
      retry ? h('div', { class: 'actions' }, h('button', { type: 'button', class: 'button button-secondary', onclick: retry }, 'Try again')) : null,
    ),
  );
}

/** The link's window: "14 Jul 2025 09:00 to 20 Jul 2025 18:00", and the zone it is in. */
export function accessWindow(testAccessTime: string, timeZone?: { name: string; iana: string }): HTMLElement {
  return h(
    'div',
    { class: 'access-window', 'data-testid': 'access-window' },
    h('p', { class: 'access-time' }, testAccessTime),
    timeZone ? h('p', { class: 'muted' }, `Times are in ${timeZone.name} (${timeZone.iana}).`) : null,
  );
}

export interface SectionSummary {
  name: string;
  type: string;
  questions: number;
  duration: number;
}

export function sectionSummaryList(sections: SectionSummary[], showCounts = true): HTMLElement {
  return h(
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
            section.type === 'Coding Questions' ? 'Coding' : 'Multiple choice',
            showCounts ? plural(section.questions, 'question') : null,
            section.duration > 0 ? `suggested ${formatMinutes(section.duration)}` : null,
          ]
            .filter(Boolean)
            .join(' · '),
        ),
      ),
    ),
  );
}
