import { createRequire } from 'node:module';
import type { Histogram } from 'hdr-histogram-js';

/**
 * The histogram `build()` of hdr-histogram-js makes for our options (JavaScript, 32-bit buckets), from its own file:
 * the package's entry also loads its WebAssembly build (a base64 blob), the log encoders and pako, 46 modules and
 * ~70 ms of CPU at every start, for nothing the request summary uses (this file: 10 modules, ~6 ms).
 */
// Required, not imported: the file is CommonJS with `exports.default`, which Node's ESM import and vitest's interop
// unwrap differently (one gives the class, the other its module); `require` gives the module everywhere.
const { default: Int32Histogram } = createRequire(import.meta.url)('hdr-histogram-js/dist/Int32Histogram.js') as {
  default: new (lowest: number, highest: number, significantDigits: number) => Histogram;
};

/** Latencies in microseconds up to a minute, two significant digits, growing past that rather than failing. */
export const latencyHistogram = (): Histogram => {
  const histogram = new Int32Histogram(1, 60_000_000, 2);
  histogram.autoResize = true;
  return histogram;
};
