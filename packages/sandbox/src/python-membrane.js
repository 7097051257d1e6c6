// @ts-check
/**
 * Source of the function evaluated first in every Python realm (a `vm` context with code generation from
 * strings disabled). Pyodide runs in that realm as if in a JavaScript shell: no `process`, no `require`, no
 * `fetch`, no timers. The few host services it needs (randomness, a clock, UTF-8 coding) are wrapped here by
 * functions OF THE REALM that close over host functions: no host object, function or error is ever returned
 * into the realm, because from any host object `.constructor.constructor` is the host's `Function`, which
 * can compile code with the worker's full powers. Only primitives, and realm objects, cross.
 *
 * Memory: the realm hands the host the interpreter's WebAssembly memory once, as it is instantiated; the host
 * measures it with its own intrinsics from then on and decides every growth (`allowGrowth`), so nothing the
 * realm could tamper with (HEAP8, `buffer`, this closure) feeds the decision. Below that, the memory's own
 * maximum (patched into the module by python-realm.js) is enforced by V8 whatever runs in the realm. Once the
 * interpreter is up (`seal`), no WebAssembly can be compiled, instantiated or allocated any more: a second
 * memory would escape both caps.
 *
 * The interrupt signal is an object whose index 0 reads-and-clears the host's flag.
 */
export const MEMBRANE_SOURCE = `(host) => {
  'use strict';
  const { random, now, decode, encode, encodeInto, allowGrowth, memoryCreated, takeSignal } = host;
  const files = new Map();
  const RangeErrorOfRealm = RangeError;
  const TypeErrorOfRealm = TypeError;
  const apply = Reflect.apply;

  globalThis.TextDecoder = class TextDecoder {
    #label; #fatal; #ignoreBOM;
    constructor(label = 'utf-8', options = {}) {
      this.#label = String(label);
      this.#fatal = Boolean(options && options.fatal);
      this.#ignoreBOM = Boolean(options && options.ignoreBOM);
    }
    get encoding() { return this.#label; }
    decode(view) {
      if (view === undefined) return '';
      try { return String(decode(view, this.#label, this.#fatal, this.#ignoreBOM)); }
      catch { throw new TypeErrorOfRealm('The encoded data was not valid for encoding ' + this.#label); }
    }
  };
  globalThis.TextEncoder = class TextEncoder {
    get encoding() { return 'utf-8'; }
    encode(text = '') {
      // The host's bytes stay in this local; the realm gets its own copy.
      const bytes = encode(String(text));
      const out = new Uint8Array(bytes.length);
      out.set(bytes);
      return out;
    }
    encodeInto(text, view) {
      const counts = encodeInto(String(text), view);
      return { read: Number(counts[0]), written: Number(counts[1]) };
    }
  };
  globalThis.crypto = Object.freeze({
    getRandomValues(view) {
      try { random(view); } catch { throw new TypeErrorOfRealm('getRandomValues needs an integer typed array of at most 65536 bytes'); }
      return view;
    },
  });
  globalThis.performance = Object.freeze({ now() { return Number(now()); } });
  const quiet = () => {};
  globalThis.console = Object.freeze({ log: quiet, info: quiet, warn: quiet, error: quiet, debug: quiet, trace: quiet });
  // Pyodide's shell mode reads its files through these; they are removed once the interpreter is up.
  globalThis.read = (path) => {
    const file = files.get(String(path).split('/').pop());
    if (typeof file !== 'string') throw new TypeErrorOfRealm('no file ' + path);
    return file;
  };
  globalThis.load = () => { throw new TypeErrorOfRealm('load is not available'); };
  globalThis.readbuffer = (path) => {
    const file = files.get(String(path).split('/').pop());
    if (!(file instanceof Uint8Array)) throw new TypeErrorOfRealm('no file ' + path);
    return file.buffer;
  };

  const grow = WebAssembly.Memory.prototype.grow;
  Object.defineProperty(WebAssembly.Memory.prototype, 'grow', {
    value: function (delta) {
      if (allowGrowth(Number(delta)) !== true) throw new RangeErrorOfRealm('WebAssembly.Memory.grow(): Maximum memory size exceeded');
      return apply(grow, this, [delta]);
    },
    writable: false,
    configurable: false,
  });

  // The interpreter's memory goes to the host as the module is instantiated (the host keeps the first one).
  let sealed = false;
  const refuse = () => { throw new TypeErrorOfRealm('WebAssembly is not available in this sandbox'); };
  const reportMemory = (instance) => {
    const memory = instance && instance.exports && instance.exports.memory;
    if (memory instanceof WebAssembly.Memory) memoryCreated(memory);
    return instance;
  };
  const wasm = WebAssembly;
  const { instantiate, compile, validate, Module, Instance, Memory, Table, Global } = wasm;
  const guarded = (name, original, wrapper) => {
    Object.defineProperty(wasm, name, { value: wrapper, writable: false, configurable: false, enumerable: false });
    for (const key of ['exports', 'imports', 'customSections']) {
      if (typeof original[key] === 'function') Object.defineProperty(wrapper, key, { value: original[key], writable: false, configurable: false });
    }
    if (original.prototype) {
      wrapper.prototype = original.prototype;
      Object.defineProperty(original.prototype, 'constructor', { value: wrapper, writable: false, configurable: false, enumerable: false });
    }
  };
  guarded('instantiate', instantiate, (source, imports) => {
    if (sealed) refuse();
    return apply(instantiate, wasm, [source, imports]).then((made) => (made instanceof Instance ? reportMemory(made) : (reportMemory(made.instance), made)));
  });
  guarded('compile', compile, (bytes) => { if (sealed) refuse(); return apply(compile, wasm, [bytes]); });
  guarded('validate', validate, (bytes) => { if (sealed) refuse(); return apply(validate, wasm, [bytes]); });
  for (const [name, original, report] of [['Module', Module, false], ['Instance', Instance, true], ['Memory', Memory, false], ['Table', Table, false], ['Global', Global, false]]) {
    guarded(name, original, function (...args) {
      if (sealed || new.target === undefined) refuse();
      const made = Reflect.construct(original, args, new.target);
      return report ? reportMemory(made) : made;
    });
  }
  for (const name of ['compileStreaming', 'instantiateStreaming']) {
    if (name in wasm) Object.defineProperty(wasm, name, { value: refuse, writable: false, configurable: false, enumerable: false });
  }

  // Pyodide reads index 0 and writes 0 back; reading here takes the signal atomically on the host.
  const signal = Object.freeze({ get 0() { return Number(takeSignal()); }, set 0(_) {} });

  return Object.freeze({
    putBytes(name, length) { const bytes = new Uint8Array(length); files.set(name, bytes); return bytes; },
    putText(name, text) { files.set(name, String(text)); },
    getBytes(name) { return files.get(name); },
    signal,
    createModule: () => _createPyodideModule,
    seal() {
      sealed = true;
      files.clear();
      delete globalThis.read;
      delete globalThis.load;
      delete globalThis.readbuffer;
    },
  });
}`;
