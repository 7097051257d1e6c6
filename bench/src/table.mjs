// One table for people (stdout) — the same rows are in bench/results.json.
const fixed = (value, digits = 0) => (value === undefined || Number.isNaN(value) ? '' : value.toFixed(digits));

export const printTable = ({ date, machine, backend, quick, rows }) => {
  const lines = rows.map((row) => [
    row.scenario,
    row.rps === undefined ? `${fixed(row.value)} ${row.unit}` : `${fixed(row.rps)} req/s`,
    fixed(row.p50, 1),
    fixed(row.p99, 1),
    row.ratio === undefined ? '' : `${fixed(row.ratio, 2)}×`,
    row.target === undefined ? '' : typeof row.target === 'number' ? `< ${row.target} ${row.unit}` : row.target,
    row.pass === undefined ? '' : row.pass ? 'pass' : 'FAIL',
    row.note ?? '',
  ]);
  const header = ['scenario', 'figure', 'p50 ms', 'p99 ms', 'ratio', 'target', '', 'note'];
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  console.log(`\nAssay bench, ${date}, ${backend}${quick ? ' (quick)' : ''}, ${machine}\n`);
  console.log(format(header));
  console.log(format(widths.map((width) => '-'.repeat(width))));
  for (const line of lines) console.log(format(line));
};
