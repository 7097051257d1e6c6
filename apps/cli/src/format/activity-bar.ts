/** Bytes a download moves the block of an activity bar by one cell. */
const BYTES_A_CELL = 4096;

/**
 * A bar for a download whose length is not known in advance (the Excel report is streamed as it is written,
 * without Content-Length): a block that moves to and fro as bytes arrive, so it moves only while data flows.
 * The byte count beside it says how much has come.
 */
export const activityBarText = (loaded: number, width: number, block = 4): string => {
  const cells = Math.max(block + 1, width);
  const span = cells - block;
  const step = Math.floor(Math.max(0, loaded) / BYTES_A_CELL) % (2 * span);
  const start = step <= span ? step : 2 * span - step;
  return '░'.repeat(start) + '█'.repeat(block) + '░'.repeat(cells - block - start);
};
