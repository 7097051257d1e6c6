/** One sample of the Prometheus text format: `name{label="value",…} value`. */
export interface PromSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

// Values as Go's ParseFloat reads them (Prometheus's parser): decimals, and NaN and Inf in any case (prom-client writes `Nan`).
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? ([+-]?(?:[0-9.]+(?:e[+-]?[0-9]+)?|inf|nan))(?: -?[0-9]+)?$/i;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;
const COMMENT = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/;
const SUFFIXES = ['_bucket', '_sum', '_count', '_total', '_created'];

const parseLabels = (text: string, line: string): Record<string, string> => {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`bad labels in ${JSON.stringify(line)}`);
    labels[match[1]!] = match[2]!.replace(/\\n/g, '\n').replace(/\\(.)/g, '$1');
  }
  return labels;
};

/**
 * Parses exposition text strictly enough for tests (text format 0.0.4): every line a HELP, a TYPE or a sample, every
 * sample of a family whose TYPE came first. Throws on anything else, naming the line.
 */
export const parsePrometheusText = (text: string): PromSample[] => {
  const types = new Map<string, string>();
  const samples: PromSample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = COMMENT.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') types.set(comment[2]!, comment[3]!);
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a sample: ${JSON.stringify(line)}`);
    const name = sample[1]!;
    const family = types.has(name) ? name : SUFFIXES.map((suffix) => name.replace(new RegExp(`${suffix}$`), '')).find((base) => types.has(base));
    if (family === undefined) throw new Error(`sample of no declared TYPE: ${JSON.stringify(line)}`);
    const raw = sample[3]!;
    const word = raw.toLowerCase();
    const value = word.endsWith('inf')
      ? word.startsWith('-')
        ? Number.NEGATIVE_INFINITY
        : Number.POSITIVE_INFINITY
      : word.endsWith('nan')
        ? Number.NaN
        : Number(raw);
    samples.push({ name, labels: sample[2] ? parseLabels(sample[2], line) : {}, value });
  }
  return samples;
};

/** The samples of `name` whose labels include `labels`. */
export const samplesOf = (samples: readonly PromSample[], name: string, labels: Record<string, string> = {}): PromSample[] =>
  samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));

/** The one value of `name` with `labels` (summed when several series match), or undefined when none does. */
export const metricValue = (samples: readonly PromSample[], name: string, labels: Record<string, string> = {}): number | undefined => {
  const found = samplesOf(samples, name, labels);
  return found.length === 0 ? undefined : found.reduce((total, sample) => total + sample.value, 0);
};
