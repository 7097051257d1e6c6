// @ts-check
/**
 * A ready interpreter's pristine state, and the reset that puts it back in place after every run, so that one
 * interpreter serves run after run without any run seeing what an earlier one did.
 *
 * Everything CPython is lives in the WebAssembly linear memory: objects, modules, `sys.modules`, builtins,
 * the environment (libc's), the allocator, the signal handlers. That memory is copied once the interpreter is
 * ready (harness installed, locked down, no candidate code run) up to the end of its heap (the sbrk pointer;
 * beyond it the memory is all zero, which is checked), and copied back after every run. What a run allocated
 * beyond the pristine heap end is zeroed: the memory cannot shrink, but the allocator's view of it (the sbrk
 * pointer, inside the copied bytes) is the pristine one again and the pages it hands out are zero, as it assumes.
 *
 * The C stack (10 MB of the 26 the copy would be) is not copied: between runs no C function is running, so all
 * of it below the stack pointer is dead, never read before it is written again. It is zeroed at capture, and
 * after each run the part the run used is zeroed again (found from the top down, chunk by chunk, down to the
 * first untouched chunk), so no run's stack bytes linger for the next.
 *
 * What lives outside the linear memory is put back too: the C stack pointer (a WebAssembly global), the
 * JavaScript values Pyodide's hiwire table holds for C (a WebAssembly table), and the file system
 * (python-files.js). Pyodide internals this relies on (314.0.7): `_emscripten_get_sbrk_ptr`, `stackSave` /
 * `stackRestore`, the `__hiwire_get` / `__hiwire_set` / `__hiwire_delete` exports of the hiwire table, and
 * `_hiwire_num_refs`. Each is checked at capture, so an upgrade that moves one fails at start-up.
 *
 * Some changes cannot be undone in place, and mean the run did something no honest code does: JavaScript
 * references kept alive (the FFI), functions added to the WebAssembly function table, values interned in
 * Pyodide's immortal table. The reset then reports the interpreter as not reusable, and it is replaced.
 */
import { watchFiles } from './python-files.js';

/** @typedef {{ ok: true, grownBytes: number } | { ok: false, reason: string }} ResetResult */

/** Length of a WebAssembly table read through its get export (which traps past the end). @param {(index: number) => unknown} get @param {number} from */
function tableLength(get, from = 0) {
  let length = from;
  for (;;) {
    try {
      get(length);
    } catch {
      return length;
    }
    length += 1;
  }
}

const CHUNK = 64 * 1024;
const zeros = new Uint8Array(CHUNK);

/**
 * Zeroes the stack a run used below `top`, chunk by chunk from the top, until a chunk that is all zero (a run's
 * stack grows down from the top without gaps of a whole chunk of zeros in practice; a byte missed below one would
 * still be dead stack, never read before written).
 * @param {Uint8Array} heap @param {number} bottom @param {number} top
 */
function zeroUsedStack(heap, bottom, top) {
  const bytes = Buffer.from(heap.buffer, heap.byteOffset, heap.length);
  for (let end = top; end > bottom; end -= CHUNK) {
    const start = Math.max(bottom, end - CHUNK);
    if (bytes.compare(zeros, 0, end - start, start, end) === 0) return;
    heap.fill(0, start, end);
  }
}

/**
 * @param {{ py: any, heap(): Uint8Array }} interpreter a ready interpreter: no candidate code has run in it
 */
export function capturePristine(interpreter) {
  const module = interpreter.py._module;
  const needed = [
    '_emscripten_get_sbrk_ptr',
    '_emscripten_stack_get_end',
    'stackSave',
    'stackRestore',
    '__hiwire_get',
    '__hiwire_set',
    '__hiwire_delete',
    '__hiwire_immortal_get',
    '_hiwire_num_refs',
  ];
  const missing = needed.filter((name) => typeof module[name] !== 'function');
  if (missing.length > 0 || !module.wasmTable) throw new Error(`Pyodide: the reset needs ${missing.join(', ') || 'wasmTable'}`);
  const sbrkAt = Number(module._emscripten_get_sbrk_ptr());
  /** @param {Uint8Array} heap */
  const heapEnd = (heap) => new DataView(heap.buffer, heap.byteOffset).getUint32(sbrkAt, true);

  const heap = interpreter.heap();
  const end = heapEnd(heap);
  if (!(end > 0 && end <= heap.length)) throw new Error('Pyodide: the heap end is outside the memory');
  for (let at = end; at < heap.length; at += 1) {
    if (heap[at] !== 0) throw new Error('Pyodide: the memory beyond the heap end is not zero');
  }
  const stackPointer = Number(module.stackSave());
  const stackEnd = Number(module._emscripten_stack_get_end());
  if (!(stackEnd > 0 && stackEnd < stackPointer && stackPointer < end)) throw new Error('Pyodide: the C stack is not below the heap');
  // Below the stack pointer the stack is dead: zero, and kept out of the copy.
  heap.fill(0, stackEnd, stackPointer);
  const below = heap.slice(0, stackEnd);
  const above = heap.slice(stackPointer, end);
  const hiwireLength = tableLength(module.__hiwire_get);
  const hiwire = Array.from({ length: hiwireLength }, (_, index) => module.__hiwire_get(index));
  const immortalLength = tableLength(module.__hiwire_immortal_get);
  const functionTableLength = module.wasmTable.length;
  const references = module._hiwire_num_refs();
  const files = watchFiles(module);

  return {
    /** Bytes copied back by every reset. */
    pristineBytes: below.length + above.length,
    files,
    /**
     * Puts the interpreter back as it was captured. Not ok: the interpreter must not run another candidate's code.
     * @returns {ResetResult}
     */
    restore() {
      // Checked before anything is put back: they describe what the run left behind.
      if (module._hiwire_num_refs() !== references) return { ok: false, reason: 'the run kept references to JavaScript values' };
      if (module.wasmTable.length !== functionTableLength) return { ok: false, reason: 'the run added functions to the WebAssembly table' };
      if (tableLength(module.__hiwire_immortal_get, immortalLength) !== immortalLength) return { ok: false, reason: 'the run interned JavaScript values' };
      const now = interpreter.heap();
      const reached = heapEnd(now);
      // dlmalloc here never gives memory back (no trimming), so the heap end is where the run's allocations reached.
      if (reached < end || reached > now.length) return { ok: false, reason: 'the heap end is not where a run can leave it' };
      now.set(below, 0);
      now.set(above, stackPointer);
      if (reached > end) now.fill(0, end, reached);
      zeroUsedStack(now, stackEnd, stackPointer);
      module.stackRestore(stackPointer);
      const length = tableLength(module.__hiwire_get, hiwireLength);
      for (let index = 0; index < hiwireLength; index += 1) module.__hiwire_set(index, hiwire[index]);
      for (let index = hiwireLength; index < length; index += 1) module.__hiwire_delete(index);
      files.restore();
      return { ok: true, grownBytes: reached - end };
    },
  };
}
