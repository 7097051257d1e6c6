// @ts-check
/**
 * What V8 does for the calling thread when told memory is low: full collections until nothing more is freed, and
 * freed pages handed back to the system. Node has no API for it; an in-process inspector session sends it
 * (`HeapProfiler.collectGarbage`, opening no port; the same as @assay/reports' render threads). A worker thread
 * that allocates nothing never collects by itself. Does nothing when this Node has no inspector.
 */
import { Session } from 'node:inspector';

/** @returns {Promise<void>} */
export async function reduceMemory() {
  if (!process.features.inspector) return;
  const session = new Session();
  session.connect();
  try {
    await new Promise((resolve) => session.post('HeapProfiler.collectGarbage', () => resolve(undefined)));
  } finally {
    session.disconnect();
  }
}
