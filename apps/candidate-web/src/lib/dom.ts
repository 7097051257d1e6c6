/** A small element builder: text always goes in as text nodes, never as HTML. */
export type Child = Node | string | number | null | undefined | false | Child[];
type AttrValue = string | number | boolean | null | undefined;
export type Attrs = Record<string, AttrValue | ((event: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (typeof value === 'function') {
      element.addEventListener(name.replace(/^on/, '').toLowerCase(), value);
    } else if (name === 'class') {
      if (value) element.className = String(value);
    } else if (value === true) {
      element.setAttribute(name, '');
    } else if (value !== false && value !== null && value !== undefined) {
      element.setAttribute(name, String(value));
    }
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

/** Replaces the children of `parent`. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.textContent = '';
  append(parent, children);
}

/** Moves focus to a heading or region after the view changes, for keyboard and screen reader users. */
export function focusHeading(element: HTMLElement | null | undefined): void {
  if (!element) return;
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  // The caller decides the scroll position: focusing must not hide the notices above the heading.
  element.focus({ preventScroll: true });
}

/**
 * A button at work ("Running…"): it stays focusable (aria-disabled, not disabled, so the focus never falls to
 * the page) and its handler ignores presses meanwhile (`isBusy`).
 */
export function setBusy(button: HTMLButtonElement, busy: boolean, label?: string): void {
  if (busy) button.setAttribute('aria-disabled', 'true');
  else button.removeAttribute('aria-disabled');
  if (label !== undefined) button.textContent = label;
}

export const isBusy = (button: HTMLButtonElement): boolean => button.getAttribute('aria-disabled') === 'true';

/** Shows a whole page view: from the top, focus on its heading. */
export function showPage(root: HTMLElement, view: HTMLElement): void {
  replaceChildren(root, view);
  window.scrollTo({ top: 0 });
  focusHeading(view.querySelector('h1'));
}

/** Only http(s) addresses are followed: a redirect or a test URL must never run script. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
