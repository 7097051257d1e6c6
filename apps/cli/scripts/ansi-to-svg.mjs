import Anser from 'anser';

const CELL_WIDTH = 8.4;
const LINE_HEIGHT = 18;
const FONT_SIZE = 14;
const PADDING = 16;
const BACKGROUND = '#1d1f21';
const FOREGROUND = '#d5d8d6';

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const rgb = (value, fallback) => (value ? `rgb(${value.replace(/\s/g, '')})` : fallback);

/**
 * A terminal screen (tmux `capture-pane -p -e`) as an SVG: one <text> per line, a <tspan> per run of equal
 * attributes, background rectangles where a run has one. Cells are placed by column, so box drawing and bars
 * line up whatever font the viewer substitutes.
 */
export const ansiToSvg = (ansi, { columns, rows, title }) => {
  const lines = ansi.replace(/\n$/, '').split('\n').slice(0, rows);
  const width = Math.ceil(columns * CELL_WIDTH + PADDING * 2);
  const height = rows * LINE_HEIGHT + PADDING * 2 + 24;
  const backgrounds = [];
  const texts = [];
  lines.forEach((line, row) => {
    const y = PADDING + 24 + row * LINE_HEIGHT;
    let column = 0;
    const spans = [];
    for (const chunk of Anser.ansiToJson(line, { json: true, remove_empty: true })) {
      const cells = [...chunk.content];
      const x = PADDING + column * CELL_WIDTH;
      if (chunk.bg)
        backgrounds.push(
          `<rect x="${x.toFixed(1)}" y="${y - LINE_HEIGHT + 4}" width="${(cells.length * CELL_WIDTH).toFixed(1)}" height="${LINE_HEIGHT}" fill="${rgb(chunk.bg)}"/>`,
        );
      const decorations = chunk.decorations ?? [];
      const attributes = [
        `x="${x.toFixed(1)}"`,
        `fill="${rgb(chunk.fg, FOREGROUND)}"`,
        decorations.includes('bold') ? 'font-weight="bold"' : '',
        decorations.includes('dim') ? 'fill-opacity="0.6"' : '',
        decorations.includes('underline') ? 'text-decoration="underline"' : '',
      ].filter(Boolean);
      if (chunk.content.trim() !== '') spans.push(`<tspan ${attributes.join(' ')}>${escapeXml(chunk.content)}</tspan>`);
      column += cells.length;
    }
    if (spans.length > 0) texts.push(`<text y="${y}" xml:space="preserve">${spans.join('')}</text>`);
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="100%" height="100%" rx="8" fill="${BACKGROUND}"/>`,
    '<circle cx="20" cy="16" r="5" fill="#ff5f56"/><circle cx="38" cy="16" r="5" fill="#ffbd2e"/><circle cx="56" cy="16" r="5" fill="#27c93f"/>',
    `<g font-family="'DejaVu Sans Mono', Menlo, Consolas, monospace" font-size="${FONT_SIZE}">`,
    ...backgrounds,
    ...texts,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
};
