/**
 * Prometheus's naming rules (https://prometheus.io/docs/practices/naming/) as a test reads them off a scrape, each
 * broken rule named with its metric: snake_case names; counters and only counters end in `_total`; base units only
 * (`_seconds`, `_bytes`), once, at the end; a timestamp is `_timestamp_seconds`; histograms say their unit; label
 * values without whitespace; and bounded label values — no generated id (a UUID, a long hex string, a `worker-…` id)
 * ever becomes one (issue 59 item 9).
 */
const NAME = /^[a-z][a-z0-9_]*$/;
const LABEL_NAME = /^[a-z][a-z0-9_]*$/;
/** Units Prometheus names in their base unit instead: milliseconds become seconds, kilobytes bytes, percent a ratio. */
const NOT_BASE_UNIT = /_(ms|millis|milliseconds|microseconds|us|minutes|hours|days|kb|kilobytes|mb|megabytes|percent)(_|$)/;
const BASE_UNITS = /_(seconds|bytes)(?=_|$)/g;
const GENERATED_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}|[0-9a-f]{16}|^worker-/i;
/** Label values of histograms (`le`) and summaries (`quantile`) are the library's own. */
const RESERVED_LABELS = new Set(['le', 'quantile']);
/** More series than this in one family is a label with no bound (an id, a path). */
const MAX_SERIES = 500;

const COMMENT = /^# (HELP|TYPE) (\S+) ?(.*)$/;
const SAMPLE = /^([^{\s]+)(?:\{(.*)\})? \S+(?: \S+)?$/;
const LABEL = /([^=,]+)="((?:[^"\\]|\\.)*)"(?:,|$)/y;
const SUFFIXES = ['_bucket', '_sum', '_count', '_created'];

interface Family {
  type?: string;
  help?: string;
  series: Record<string, string>[];
}

const labelsOf = (text: string | undefined): Record<string, string> => {
  const labels: Record<string, string> = {};
  if (!text) return labels;
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) break;
    labels[match[1]!] = match[2]!.replace(/\\n/g, '\n').replace(/\\(.)/g, '$1');
  }
  return labels;
};

const familiesOf = (text: string): Map<string, Family> => {
  const families = new Map<string, Family>();
  const family = (name: string) => families.get(name) ?? families.set(name, { series: [] }).get(name)!;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = COMMENT.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') family(comment[2]!).type = comment[3]!;
      else family(comment[2]!).help = comment[3]!;
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) continue;
    const name = sample[1]!;
    const base = families.has(name) ? name : (SUFFIXES.map((suffix) => name.replace(new RegExp(`${suffix}$`), '')).find((stem) => families.has(stem)) ?? name);
    family(base).series.push(labelsOf(sample[2]));
  }
  return families;
};

const nameProblems = (name: string, family: Family): string[] => {
  const problems: string[] = [];
  if (!NAME.test(name)) problems.push(`${name}: not a snake_case name`);
  if (family.type === undefined) problems.push(`${name}: no TYPE`);
  if (!family.help) problems.push(`${name}: no HELP`);
  if (family.type === 'counter' && !name.endsWith('_total')) problems.push(`${name}: a counter whose name does not end in _total`);
  if (family.type !== 'counter' && name.endsWith('_total')) problems.push(`${name}: a ${family.type} whose name ends in _total (counters only)`);
  if (NOT_BASE_UNIT.test(name)) problems.push(`${name}: a unit that is not a base unit (seconds, bytes)`);
  const units = name.match(BASE_UNITS) ?? [];
  if (units.length > 1) problems.push(`${name}: more than one unit in one name`);
  const stem = name.replace(/_total$/, '');
  if (units.length === 1 && !stem.endsWith(units[0]!)) problems.push(`${name}: its unit is not at the end (before _total)`);
  if (/_timestamp(_|$)/.test(name) && !stem.endsWith('_timestamp_seconds')) problems.push(`${name}: a timestamp not in seconds (_timestamp_seconds)`);
  if ((family.type === 'histogram' || family.type === 'summary') && units.length === 0) problems.push(`${name}: a ${family.type} without a unit`);
  return problems;
};

const labelProblems = (name: string, family: Family): string[] => {
  const problems = new Set<string>();
  if (family.series.length > MAX_SERIES) problems.add(`${name}: ${family.series.length} series (unbounded labels?)`);
  for (const labels of family.series) {
    for (const [label, value] of Object.entries(labels)) {
      if (RESERVED_LABELS.has(label)) continue;
      if (!LABEL_NAME.test(label)) problems.add(`${name}: label name ${JSON.stringify(label)} is not snake_case`);
      if (value === '' || /\s/.test(value)) problems.add(`${name}: label ${label} has the value ${JSON.stringify(value)} (empty or with whitespace)`);
      if (GENERATED_ID.test(value)) problems.add(`${name}: label ${label} holds a generated id ${JSON.stringify(value)} (unbounded)`);
    }
  }
  return [...problems];
};

/**
 * Every broken rule of a scrape's text, one line each, for the families whose names start with `prefix` (Assay's own:
 * prom-client's default metrics keep the library's names, `nodejs_active_handles_total` gauges included); empty when
 * they keep them all.
 */
export const prometheusNamingProblems = (text: string, prefix = 'assay_'): string[] =>
  [...familiesOf(text)]
    .filter(([name]) => name.startsWith(prefix))
    .flatMap(([name, family]) => [...nameProblems(name, family), ...labelProblems(name, family)]);
