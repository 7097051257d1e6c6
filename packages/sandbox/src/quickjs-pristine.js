// @ts-check
/**
 * The linear memory of a QuickJS instance as it was when the instance was new, and putting it back in place.
 *
 * Everything QuickJS is lives in that memory: its static data, the C stack, the allocator's state and every
 * runtime, context, object and string ever made. The instance has no other state a later run could observe (no
 * file system, no timers, no growing function table; the stack pointer is back at its base whenever no call is
 * under way). So an instance whose memory holds exactly the bytes it held when new is, for the next run, a new
 * instance. The copy is exact and needs no knowledge of the memory's layout: every 64 KiB chunk is compared with
 * what it held then (the chunks that were zero are compared with zero) and written back where it differs.
 * Comparing is a native `memcmp` (a 16 MiB memory in well under a millisecond); only what a run wrote is copied.
 */

const CHUNK = 65536;
const ZERO = new Uint8Array(CHUNK);

/** @typedef {{ buffer: ArrayBuffer }} WasmMemory */
/**
 * @typedef {{ byteLength: number, chunks: Map<number, Buffer> }} Pristine
 * `chunks`: the bytes of every chunk that was not all zero, by its index; every other chunk was zero.
 */

/** @param {WasmMemory} memory @returns {Pristine} */
export function capturePristine(memory) {
  const view = Buffer.from(memory.buffer);
  /** @type {Map<number, Buffer>} */
  const chunks = new Map();
  for (let at = 0; at < view.length; at += CHUNK) {
    if (view.compare(ZERO, 0, CHUNK, at, at + CHUNK) !== 0) chunks.set(at / CHUNK, Buffer.from(view.subarray(at, at + CHUNK)));
  }
  return { byteLength: view.length, chunks };
}

/**
 * Writes back every chunk that differs from the pristine memory. Throws when the memory grew: WebAssembly memory
 * cannot shrink, so such an instance is replaced instead.
 * @param {WasmMemory} memory
 * @param {Pristine} pristine
 * @returns {number} how many chunks the run had changed
 */
export function restorePristine(memory, pristine) {
  const view = Buffer.from(memory.buffer);
  if (view.length !== pristine.byteLength) throw new Error(`the memory grew from ${pristine.byteLength} to ${view.length} bytes`);
  let changed = 0;
  for (let at = 0, index = 0; at < view.length; at += CHUNK, index += 1) {
    const original = pristine.chunks.get(index);
    if (original === undefined) {
      if (view.compare(ZERO, 0, CHUNK, at, at + CHUNK) === 0) continue;
      view.fill(0, at, at + CHUNK);
    } else {
      if (view.compare(original, 0, CHUNK, at, at + CHUNK) === 0) continue;
      view.set(original, at);
    }
    changed += 1;
  }
  return changed;
}
