// `node bench/src/xlsx-cells.mjs FILE.xlsx`: one line per part of a workbook — a SHA-256 of its text (core.xml without its
// times), and for a sheet of its cells as Excel reads them (row, column, style, type, value: a cell without `r` is the
// next column) — so two builds' exports can be compared cell for cell however their XML is spelt (decision 420).
// Reads the parts with the `unzip` command.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
const file = process.argv[2];
const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
const letters = (col) => {
  let s = '';
  for (let r = col; r > 0; r = Math.floor((r - 1) / 26)) s = String.fromCharCode(65 + ((r - 1) % 26)) + s;
  return s;
};
const decode = (ref) => {
  const m = /^([A-Z]+)(\d+)$/.exec(ref);
  let c = 0;
  for (const ch of m[1]) c = c * 26 + ch.charCodeAt(0) - 64;
  return [Number(m[2]), c];
};
for (const name of names) {
  const text = execFileSync('unzip', ['-p', file, name.replace(/[[\]*?]/g, '\\$&')], { maxBuffer: 2 ** 31 - 1 }).toString();
  if (!name.includes('worksheets/')) {
    console.log(
      name.padEnd(30),
      createHash('sha256')
        .update(name.includes('core.xml') ? text.replace(/<dcterms:(created|modified)[^<]*<\/dcterms:\1>/g, '') : text)
        .digest('hex')
        .slice(0, 16),
      text.length,
    );
    continue;
  }
  const hash = createHash('sha256');
  const dataStart = text.indexOf('<sheetData>');
  const dataEnd = text.indexOf('</sheetData>');
  hash.update(text.slice(0, dataStart));
  hash.update(text.slice(dataEnd));
  const rowRe = /<row([^>]*)>(.*?)<\/row>/gs;
  const cellRe = /<c((?:\s+[a-zA-Z:]+="[^"]*")*)\s*(?:\/>|>(.*?)<\/c>)/gs;
  let cells = 0;
  let rowNo = 0;
  for (const row of text.slice(dataStart, dataEnd).matchAll(rowRe)) {
    const r = /\br="(\d+)"/.exec(row[1]);
    rowNo = r ? Number(r[1]) : rowNo + 1;
    const ht = /\bht="([^"]*)"/.exec(row[1]);
    hash.update(`row ${rowNo} ${ht ? ht[1] : ''}\n`);
    let col = 0;
    for (const cell of row[2].matchAll(cellRe)) {
      const attrs = Object.fromEntries([...cell[1].matchAll(/([a-zA-Z:]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      if (attrs.r) {
        const [rr, cc] = decode(attrs.r);
        if (rr !== rowNo) throw new Error(`cell ${attrs.r} in row ${rowNo}`);
        col = cc;
      } else col += 1;
      hash.update(`${letters(col)}${rowNo} ${attrs.s ?? ''} ${attrs.t ?? ''} ${cell[2] ?? ''}\n`);
      cells++;
    }
  }
  console.log(name.padEnd(30), hash.digest('hex').slice(0, 16), text.length, `${cells} cells`);
}
