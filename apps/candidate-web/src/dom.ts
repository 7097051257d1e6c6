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

export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** "45 minutes", "1 hour 30 minutes". */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

/** Marks as people write them: 1, 0.5, 2.25. */
export const formatNumber = (value: number): string => String(Math.round(value * 100) / 100);

/** Moves focus to a heading or region after the view changes, for keyboard and screen reader users. */
export function focusHeading(element: HTMLElement | null): void {
  if (!element) return;
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  // The caller decides the scroll position: focusing must not hide the notices above the heading.
  element.focus({ preventScroll: true });
}

export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Private browsing or a full quota: answers still go to the server, only the offline copy is lost.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};

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

/**
 * Question text is plain text; authors often mark code the Markdown way, so ```fenced blocks``` become
 * <pre> and `spans` become <code>. Everything stays text nodes: nothing in the text is ever HTML.
 */
export function richText(text: string): Node[] {
  const nodes: Node[] = [];
  const parts = text.split(/```[^\n`]*\n?([\s\S]*?)```/g);
  parts.forEach((part, index) => {
    if (index % 2 === 1) {
      nodes.push(h('pre', { class: 'code-block' }, h('code', null, part.replace(/\n$/, ''))));
      return;
    }
    const spans = part.split(/`([^`\n]+)`/g);
    spans.forEach((span, spanIndex) => {
      if (spanIndex % 2 === 1) nodes.push(h('code', null, span));
      else if (span) nodes.push(document.createTextNode(span));
    });
  });
  return nodes;
}
