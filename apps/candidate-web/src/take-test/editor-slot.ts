import { replaceChildren } from '../lib/dom.js';
import type { EditorOptions } from './editor.js';
import { loadEditor, type CodeSurface } from './editor-loader.js';
import { plainCodeBox, type PlainCodeBox } from './plain-code-box.js';

/**
 * Where a coding question's code is edited: the editor once its chunk is in, the plain-text box while it cannot be
 * fetched (decision 662). A failed fetch is tried again when the browser says it is back online and whenever the
 * section opens again; the editor then takes the box's place with the code as it stands, and the caret where it was.
 */
export class EditorSlot {
  private editor: CodeSurface | null = null;
  private fallback: PlainCodeBox | null = null;
  private loading = false;
  private waitingForOnline = false;
  private readonly onOnline = () => {
    this.waitingForOnline = false;
    this.open();
  };

  constructor(
    private readonly host: HTMLElement,
    private readonly id: string,
    /** The options as they are now (the code as last edited). */
    private readonly options: () => EditorOptions,
    /** What edits the code now: called with the box, then with the editor when it arrives. */
    private readonly onSurface: (surface: CodeSurface, restored: boolean) => void,
  ) {}

  /** The question is on screen: load the editor, or try again. */
  open(): void {
    if (this.editor || this.loading) return;
    this.loading = true;
    loadEditor().then(
      ({ createCodeEditor }) => {
        this.loading = false;
        const caret = this.fallback?.caret() ?? null;
        const restored = this.fallback !== null;
        this.editor = createCodeEditor(this.host, this.options());
        // The editor lives in the host's shadow root; the box (no longer drawn) goes.
        replaceChildren(this.host);
        this.fallback = null;
        window.removeEventListener('online', this.onOnline);
        this.onSurface(this.editor, restored);
        if (caret) this.editor.focusAt(caret.line, caret.column);
      },
      () => {
        this.loading = false;
        this.showFallback();
        if (!this.waitingForOnline) {
          this.waitingForOnline = true;
          window.addEventListener('online', this.onOnline, { once: true });
        }
      },
    );
  }

  private showFallback(): void {
    if (this.fallback) return;
    const { code, label, onChange } = this.options();
    this.fallback = plainCodeBox({ id: this.id, code, label, onChange });
    replaceChildren(this.host, this.fallback.element);
    this.onSurface(this.fallback, false);
  }
}
