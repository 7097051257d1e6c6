import { defaultHighlightStyle, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

/**
 * The look of the editor, light and dark (decision 669: it follows `prefers-color-scheme`). CodeMirror injects
 * its styles at run time; in a shadow root it uses a constructed stylesheet, which the page's `style-src 'self'`
 * allows, where a `<style>` element in the document would be refused. So the editor lives in a shadow root and
 * is themed here, not in candidate.css. Every colour pair holds 4.5:1 on its background and on the active line.
 */
interface Palette {
  background: string;
  text: string;
  border: string;
  focus: string;
  gutterBackground: string;
  gutter: string;
  gutterBorder: string;
  activeLine: string;
  activeGutterBackground: string;
  activeGutter: string;
  selection: string;
  error: string;
  panelBackground: string;
  searchMatch: string;
  searchMatchSelected: string;
  tooltipBackground: string;
  tooltipSelected: string;
}

const LIGHT: Palette = {
  background: '#ffffff',
  text: '#1f2933',
  border: '#c5ccd6',
  focus: '#2f6fdf',
  gutterBackground: '#f4f6f9',
  gutter: '#67727e',
  gutterBorder: '#dde2e8',
  activeLine: '#f2f6fd',
  // The gutters' grey falls to 4.09:1 on the active line's tint (axe, WCAG 1.4.3): its number is darker.
  activeGutterBackground: '#e3ebf8',
  activeGutter: '#4f5963',
  selection: '#cfe0fb',
  error: '#9b1c1c',
  panelBackground: '#f4f6f9',
  searchMatch: '#fff3b0',
  searchMatchSelected: '#ffd9b3',
  tooltipBackground: '#ffffff',
  tooltipSelected: '#1f5fbf',
};

const DARK: Palette = {
  background: '#1b2029',
  text: '#e6e9ee',
  border: '#4a5567',
  focus: '#8fb4ff',
  gutterBackground: '#151a21',
  gutter: '#9aa5b4',
  gutterBorder: '#2c3440',
  activeLine: '#242b36',
  activeGutterBackground: '#242b36',
  activeGutter: '#c3cad4',
  selection: '#34486b',
  error: '#ff8a8a',
  panelBackground: '#151a21',
  searchMatch: '#4d4420',
  searchMatchSelected: '#6b3f1d',
  tooltipBackground: '#151a21',
  tooltipSelected: '#34486b',
};

const editorTheme = (colours: Palette, dark: boolean): Extension =>
  EditorView.theme(
    {
      '&': {
        fontSize: 'var(--editor-font-size, 14px)',
        backgroundColor: colours.background,
        color: colours.text,
        border: `1px solid ${colours.border}`,
        borderRadius: '6px',
        minHeight: '12rem',
      },
      '&.cm-focused': { outline: `3px solid ${colours.focus}`, outlineOffset: '1px' },
      '.cm-scroller': {
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
        lineHeight: '1.5',
        minHeight: '12rem',
        maxHeight: '32rem',
        overflow: 'auto',
      },
      '.cm-content': { padding: '8px 0', caretColor: colours.text },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: colours.text },
      '.cm-gutters': {
        backgroundColor: colours.gutterBackground,
        color: colours.gutter,
        borderRight: `1px solid ${colours.gutterBorder}`,
        borderRadius: '6px 0 0 6px',
      },
      '.cm-activeLine': { backgroundColor: colours.activeLine },
      '.cm-activeLineGutter': { backgroundColor: colours.activeGutterBackground, color: colours.activeGutter },
      '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: colours.selection },
      // No background of its own: the highlighted code keeps its contrast (WCAG 1.4.3).
      '.cm-error-line': { boxShadow: `inset 4px 0 0 ${colours.error}` },
      '.cm-error-mark': { textDecoration: `underline wavy ${colours.error}`, textDecorationSkipInk: 'none' },
      // The search panel (Ctrl+F) and the completions: CodeMirror's own greys are under 4.5:1 in places.
      '.cm-panels': { backgroundColor: colours.panelBackground, color: colours.text },
      '.cm-panels.cm-panels-top': { borderBottom: `1px solid ${colours.border}` },
      '.cm-panel.cm-search label': { fontSize: '0.85em', display: 'inline-flex', alignItems: 'center', minHeight: '24px' },
      // Targets of at least 24 px (WCAG 2.5.8).
      '.cm-panel.cm-search input, .cm-panel.cm-search button': { minHeight: '28px', boxSizing: 'border-box' },
      '.cm-panel.cm-search input[type=checkbox]': { minHeight: '0', width: '24px', height: '24px' },
      '.cm-textfield': { backgroundColor: colours.background, color: colours.text, border: `1px solid ${colours.border}` },
      '.cm-button': { backgroundImage: 'none', backgroundColor: colours.background, color: colours.text, border: `1px solid ${colours.border}` },
      '.cm-panel.cm-search [name=close]': { color: colours.text, fontSize: '1.2em', minWidth: '28px' },
      '.cm-searchMatch': { backgroundColor: colours.searchMatch },
      '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: colours.searchMatchSelected },
      '.cm-tooltip': { backgroundColor: colours.tooltipBackground, color: colours.text, border: `1px solid ${colours.border}` },
      '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: colours.tooltipSelected, color: '#ffffff' },
      '.cm-completionDetail': { opacity: '1' },
      '.cm-completionIcon': { opacity: '1' },
    },
    { dark },
  );

/**
 * CodeMirror's default colours. Light: three of them darkened (types #085, regular expressions and escapes #e40,
 * invalid code #f00 fall under 4.5:1 on the active line's tint; axe measured 4.16). Dark: each one a light tone
 * of its hue that holds 4.5:1 on the dark background and its active line.
 */
const LIGHT_COLOURS: Record<string, string> = { '#085': '#067040', '#e40': '#b31d00', '#f00': '#c00' };
const DARK_COLOURS: Record<string, string> = {
  '#708': '#d3a6ff',
  '#219': '#9ab8ff',
  '#164': '#7fd4a4',
  '#00f': '#8fb0ff',
  '#30a': '#c2a8ff',
  '#085': '#6fd6a0',
  '#167': '#7fd6d6',
  '#256': '#9fcfe0',
  '#00c': '#98b8ff',
  '#940': '#e2a566',
  '#a11': '#ff9e94',
  '#e40': '#ffad75',
  '#f00': '#ff8080',
  '#404740': '#b8c2b8',
};

const recoloured = (colours: Record<string, string>, keepOthers: boolean): HighlightStyle =>
  HighlightStyle.define(
    defaultHighlightStyle.specs.map((spec) => {
      if (typeof spec.color !== 'string') return spec;
      const colour = colours[spec.color] ?? (keepOthers ? spec.color : undefined);
      return colour ? { ...spec, color: colour } : { ...spec, color: undefined };
    }),
  );

const LIGHT_THEME: Extension = [editorTheme(LIGHT, false), syntaxHighlighting(recoloured(LIGHT_COLOURS, true), { fallback: true })];
const DARK_THEME: Extension = [editorTheme(DARK, true), syntaxHighlighting(recoloured(DARK_COLOURS, false), { fallback: true })];

/** The theme for the colour scheme the candidate's system asks for. */
export const themeFor = (dark: boolean): Extension => (dark ? DARK_THEME : LIGHT_THEME);

/** The colour scheme asked for now; null where the browser cannot tell (then light). */
export const darkSchemeQuery = (): MediaQueryList | null => window.matchMedia?.('(prefers-color-scheme: dark)') ?? null;
