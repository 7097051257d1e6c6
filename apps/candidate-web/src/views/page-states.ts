import { h } from '../lib/dom.js';

export function loadingView(text: string): HTMLElement {
  return h(
    'main',
    { class: 'page', id: 'main' },
    h('p', { class: 'boot-message', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), text),
  );
}

/** A page that could not load; `retry` when trying again may help (the network, not a refusal). */
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
