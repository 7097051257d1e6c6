/**
 * A block that may be wider (or taller) than its column, such as code: while it overflows it is a named,
 * focusable region, so a keyboard can scroll it (arrow keys once focused); while it fits it is no tab stop.
 */
export function keyboardScrollable(element: HTMLElement, label: string): HTMLElement {
  const update = () => {
    const overflows = element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
    if (overflows) {
      element.setAttribute('tabindex', '0');
      element.setAttribute('role', 'region');
      element.setAttribute('aria-label', label);
    } else if (document.activeElement !== element) {
      element.removeAttribute('tabindex');
      element.removeAttribute('role');
      element.removeAttribute('aria-label');
    }
  };
  if (typeof ResizeObserver === 'function') new ResizeObserver(update).observe(element);
  else {
    element.setAttribute('tabindex', '0');
    element.setAttribute('role', 'region');
    element.setAttribute('aria-label', label);
  }
  return element;
}
