// @ts-check
/**
 * Gives the memory a WebAssembly module defines a maximum: V8 then refuses to grow it beyond, whatever code
 * asks (JavaScript in the realm or the module's own `memory.grow`). Only the memory section changes; every
 * other section is copied byte for byte. A module that imports its memory, or defines none, or a 64-bit or
 * shared one, is refused: a Pyodide upgrade that changes this fails loudly at start-up.
 */

const PAGE = 65536;
const MEMORY_SECTION = 5;

/** @param {Uint8Array} bytes @param {number} at @returns {[value: number, next: number]} */
function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  let next = at;
  for (;;) {
    const byte = bytes[next];
    if (byte === undefined) throw new Error('wasm: truncated LEB128');
    next += 1;
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [value, next];
    shift += 7;
  }
}

/** @param {number} value @returns {number[]} */
function leb(value) {
  const out = [];
  let rest = value;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    out.push(byte);
  } while (rest > 0);
  return out;
}

/**
 * @param {Uint8Array} module the module's bytes
 * @param {number} maxBytes the memory's maximum, rounded up to whole 64 KiB pages
 * @returns {Uint8Array} a copy of the module whose memory cannot grow beyond `maxBytes`
 */
export function withMemoryMaximum(module, maxBytes) {
  if (module[0] !== 0 || module[1] !== 0x61 || module[2] !== 0x73 || module[3] !== 0x6d) throw new Error('wasm: not a WebAssembly module');
  let at = 8;
  while (at < module.length) {
    const id = module[at];
    const [size, content] = readLeb(module, at + 1);
    const end = content + size;
    if (id === MEMORY_SECTION) {
      const [count, limitsAt] = readLeb(module, content);
      const flags = module[limitsAt];
      if (count !== 1 || flags === undefined || flags > 1) throw new Error(`wasm: expected one plain 32-bit memory, found ${count} with flags ${flags}`);
      const [minPages] = readLeb(module, limitsAt + 1);
      const maxPages = Math.max(minPages, Math.ceil(maxBytes / PAGE));
      const body = [...leb(1), 0x01, ...leb(minPages), ...leb(maxPages)];
      const section = [MEMORY_SECTION, ...leb(body.length), ...body];
      const out = new Uint8Array(at + section.length + (module.length - end));
      out.set(module.subarray(0, at), 0);
      out.set(section, at);
      out.set(module.subarray(end), at + section.length);
      return out;
    }
    at = end;
  }
  throw new Error('wasm: the module defines no memory (an imported memory cannot be capped here)');
}

/** The maximum a module's memory declares, in bytes (undefined when it declares none). Used by the tests. @param {Uint8Array} module */
export function memoryMaximumOf(module) {
  let at = 8;
  while (at < module.length) {
    const [size, content] = readLeb(module, at + 1);
    if (module[at] === MEMORY_SECTION) {
      const [, limitsAt] = readLeb(module, content);
      if (module[limitsAt] !== 1) return undefined;
      const [, maxAt] = readLeb(module, limitsAt + 1);
      return readLeb(module, maxAt)[0] * PAGE;
    }
    at = content + size;
  }
  return undefined;
}
