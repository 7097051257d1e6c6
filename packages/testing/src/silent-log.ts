/** A logger for code under test that takes one (`info`, `warn`, `error`) and whose lines no test reads. */
export const silentLog = { info: () => {}, warn: () => {}, error: () => {} };
