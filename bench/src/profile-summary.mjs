// `node bench/src/profile-summary.mjs FILE.cpuprofile… [--top N] [--by function|file] [--inclusive]`: where a V8 CPU
// profile (as `node --cpu-prof` writes one per thread) spent its time: self time per function (or per file; idle,
// garbage collection and program are pseudo-functions), or with --inclusive each function's time with its callees
// (counted once however deep it recurses). For reading a thread's profile without a browser. The server's bundle is
// minified: a frame of a file with a source map beside it (dist/*.js.map) is named by its original file and line.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const maps = new Map();
/** The source map beside a profiled file, or undefined (read once per file). */
const mapOf = (url) => {
  if (!maps.has(url)) {
    const path = url.startsWith('file://') ? fileURLToPath(url) : url;
    maps.set(url, path.endsWith('.js') && existsSync(`${path}.map`) ? new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8'))) : undefined);
  }
  return maps.get(url);
};
/** A frame's file and line as written: the original's when a source map knows it. */
const originOf = ({ url, lineNumber, columnNumber }) => {
  const entry = url ? mapOf(url)?.findEntry(lineNumber, columnNumber) : undefined;
  if (!entry?.originalSource) return { url, line: lineNumber + 1 };
  return { url: entry.originalSource.replace(/^(\.\.\/)+/, ''), line: entry.originalLine + 1 };
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '40' }, by: { type: 'string', default: 'function' }, inclusive: { type: 'boolean', default: false } },
});

for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map();
  for (let index = 0; index < profile.samples.length; index++) {
    const id = profile.samples[index];
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
  }
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const keyOf = (id) => {
    const { callFrame } = nodes.get(id);
    const origin = originOf(callFrame);
    const url = origin.url.replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '').replace(/^.*\/(packages|apps)\//, '$1/');
    return values.by === 'file' ? url || `(${callFrame.functionName || 'native'})` : `${callFrame.functionName || '(anonymous)'} ${url}:${origin.line}`;
  };
  const totals = new Map();
  let all = 0;
  for (const [id, micros] of selfMicros) {
    const keys = new Set([keyOf(id)]);
    if (values.inclusive) for (let up = parentOf.get(id); up !== undefined; up = parentOf.get(up)) keys.add(keyOf(up));
    for (const key of keys) totals.set(key, (totals.get(key) ?? 0) + micros);
    all += micros;
  }
  const ms = (micros) => (micros / 1000).toFixed(0).padStart(7);
  const share = (micros) => `${((100 * micros) / all).toFixed(1).padStart(5)}%`;
  const busy = all - (totals.get('(idle) :0') ?? 0);
  console.log(`${file}: ${ms(all)} ms sampled, ${ms(busy)} ms not idle`);
  for (const [key, micros] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
    console.log(`${ms(micros)} ms ${share(micros)}  ${key}`);
  }
}
