/**
 * A test's app or server does not warm the native compilers at start (C and C++'s precompiled runtime, the Rust
 * runtime, javac's and mcs's servers): suites build dozens of apps, and each warm-up took both cores for seconds and
 * made the app's close() wait for a JVM. A test's first native run warms what it needs; `compiler-warmth` and
 * `run-flood` cover the warm-up at start (decision 1045).
 */
export const NO_COMPILER_WARM_UP: Record<string, string> = { ASSAY_WARM_COMPILERS: 'off' };
