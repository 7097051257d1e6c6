// @ts-check
/**
 * Starts a Pyodide interpreter inside a realm of its own (see python-membrane.js for what crosses into it).
 *
 * Pyodide's files are read from node_modules, never fetched: the realm has no network to fetch with, and its
 * loader runs in "shell" mode, which refuses URLs. The glue (pyodide.asm.mjs) is an ES module; a `vm` realm
 * evaluates scripts, so three exact edits make it one, checked by count so that a Pyodide upgrade that moves
 * them fails loudly at start-up instead of running differently.
 */
import { webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { MEMBRANE_SOURCE } from './python-membrane.js';
import { withMemoryMaximum } from './wasm-memory-limit.js';

/** @typedef {{ glue: vm.Script, loader: vm.Script, membrane: vm.Script, wasm: Uint8Array, stdlib: Uint8Array, lock: string }} PyodideFiles */
/**
 * `memoryBytes()` measures the interpreter's memory with the host's own intrinsics (never a value the realm
 * could replace); `capMemory` sets the one cap its memory may grow to, once.
 * `heap()` is a view of the whole memory made with the host's intrinsics (the reset copies through it).
 * `memory` is the interpreter's WebAssembly memory, as the host received it (for tests that act as a subverted realm).
 * @typedef {{ py: any, memory: WasmMemory, memoryBytes(): number, heap(): Uint8Array, capMemory(bytes: number): void }} Interpreter
 */

/** JavaScript modules Pyodide registers for Python (`import js`, `import pyodide_js`): unregistered before any candidate code. */
const JS_MODULES = ['js', 'pyodide_js'];
/**
 * Built-in (C) modules whose entries in the interpreter's table of built-ins are made unfindable, so that no
 * import, however it is made (`_imp.create_builtin` included), can create them: the FFI to JavaScript and ctypes.
 */
export const BLOCKED_BUILTINS = ['_pyodide_core', '_ctypes'];

/** The host's own readers of a WebAssembly memory's size: they work on the realm's memories and cannot be replaced from it. */
/** A WebAssembly.Memory of the realm (this package's type libraries do not declare one). @typedef {object} WasmMemory */
const memoryBuffer = /** @type {(this: WasmMemory) => ArrayBuffer} */ (
  Object.getOwnPropertyDescriptor(/** @type {any} */ (globalThis).WebAssembly.Memory.prototype, 'buffer')?.get
);
const bufferBytes = /** @type {(this: ArrayBuffer) => number} */ (Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength')?.get);
/** @param {WasmMemory} memory */
const sizeOf = (memory) => Reflect.apply(bufferBytes, Reflect.apply(memoryBuffer, memory, []), []);

/** @type {PyodideFiles | undefined} */
let files;
/** The module with the last memory maximum asked for (a worker always asks for the same). */
/** @type {{ maxBytes: number, wasm: Uint8Array }} */
let capped = { maxBytes: 0, wasm: new Uint8Array() };

/** @param {string} source @param {string} from @param {string} to @param {number} count */
function replaceExactly(source, from, to, count) {
  const found = source.split(from).length - 1;
  if (found !== count) throw new Error(`pyodide.asm.mjs: expected ${count} × ${JSON.stringify(from.slice(0, 60))}, found ${found}`);
  return source.split(from).join(to);
}

/** @returns {PyodideFiles} */
function pyodideFiles() {
  if (files) return files;
  const dir = path.dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
  let glue = readFileSync(path.join(dir, 'pyodide.asm.mjs'), 'utf8');
  glue = replaceExactly(glue, 'import.meta.url', JSON.stringify('file:///pyodide/pyodide.asm.mjs'), 3);
  glue = replaceExactly(glue, 'export default _createPyodideModule;', '', 1);
  // In a shell, Emscripten gets randomness by running `head /dev/urandom` through d8's os.system; take the
  // Web Crypto path (the realm's crypto.getRandomValues) instead.
  glue = replaceExactly(glue, 'if(ENVIRONMENT_IS_SHELL){return view=>{if(!os.system)', 'if(false){return view=>{if(!os.system)', 1);
  files = {
    glue: new vm.Script(glue, { filename: 'pyodide.asm.js' }),
    loader: new vm.Script(readFileSync(path.join(dir, 'pyodide.js'), 'utf8'), { filename: 'pyodide.js' }),
    membrane: new vm.Script(MEMBRANE_SOURCE, { filename: 'assay-membrane.js' }),
    wasm: readFileSync(path.join(dir, 'pyodide.asm.wasm')),
    stdlib: readFileSync(path.join(dir, 'python_stdlib.zip')),
    lock: readFileSync(path.join(dir, 'pyodide-lock.json'), 'utf8'),
  };
  return files;
}

const encoder = new TextEncoder();
/** @type {Map<string, InstanceType<typeof TextDecoder>>} */
const decoders = new Map();

/**
 * Starts an interpreter. `memoryMaxBytes`: the hard maximum of its WebAssembly memory (V8 enforces it); the
 * snapshot-making interpreter runs without one. Before this resolves, the JavaScript modules are unregistered,
 * the FFI and ctypes built-ins made unfindable, and the realm sealed (no more WebAssembly).
 * @param {{ snapshot?: SharedArrayBuffer, makeSnapshot?: boolean, memoryMaxBytes?: number, onMemoryCap: () => void, takeSignal: () => number }} options
 * @returns {Promise<Interpreter>}
 */
export async function startInterpreter({ snapshot, makeSnapshot = false, memoryMaxBytes, onMemoryCap, takeSignal }) {
  const { glue, loader, membrane, wasm, stdlib, lock } = pyodideFiles();
  const context = vm.createContext({}, { name: 'assay-python', codeGeneration: { strings: false, wasm: true } });
  /** @type {WasmMemory | undefined} */
  let memory;
  /** @type {number | undefined} */
  let capBytes;
  const host = {
    /** @param {any} view */
    random: (view) => void webcrypto.getRandomValues(view),
    now: () => performance.now(),
    /** @param {any} view @param {string} label @param {boolean} fatal @param {boolean} ignoreBOM */
    decode: (view, label, fatal, ignoreBOM) => {
      const key = `${label}|${fatal}|${ignoreBOM}`;
      const decoder = decoders.get(key) ?? new TextDecoder(label, { fatal, ignoreBOM });
      decoders.set(key, decoder);
      return decoder.decode(view);
    },
    /** @param {string} text */
    encode: (text) => encoder.encode(text),
    /** @param {string} text @param {Uint8Array} view */
    encodeInto: (text, view) => {
      const { read, written } = encoder.encodeInto(text, view);
      return [read, written];
    },
    /** The first memory the realm instantiates is the interpreter's; a non-memory fails the host's brand check here. @param {WasmMemory} created */
    memoryCreated: (created) => {
      if (memory !== undefined) return;
      sizeOf(created);
      memory = created;
    },
    /** Decided on the host from the host's measure: true lets the memory grow by `pages` 64 KiB pages. @param {number} pages */
    allowGrowth: (pages) => {
      if (capBytes === undefined || memory === undefined) return true;
      if (Number.isFinite(pages) && pages >= 0 && sizeOf(memory) + pages * 65536 <= capBytes) return true;
      onMemoryCap();
      return false;
    },
    takeSignal,
  };
  const realm = membrane.runInContext(context)(Object.freeze(host));
  const module = memoryMaxBytes === undefined ? wasm : cappedModule(wasm, memoryMaxBytes);
  realm.putBytes('pyodide.asm.wasm', module.length).set(module);
  realm.putBytes('python_stdlib.zip', stdlib.length).set(stdlib);
  realm.putText('pyodide-lock.json', lock);
  if (snapshot) realm.putBytes('snapshot', snapshot.byteLength).set(new Uint8Array(snapshot));
  glue.runInContext(context);
  loader.runInContext(context);
  const load = vm.runInContext(
    `(realm, makeSnapshot, withSnapshot) => loadPyodide({
      indexURL: '/pyodide/',
      createPyodideModule: realm.createModule(),
      // The \`js\` module: an empty object, not the realm's global.
      jsglobals: Object.freeze(Object.create(null)),
      env: { HOME: '/home/candidate', PYTHONHASHSEED: '0' },
      stdin: () => null,
      stdout: () => {},
      stderr: () => {},
      checkAPIVersion: true,
      _makeSnapshot: makeSnapshot,
      _loadSnapshot: withSnapshot ? realm.getBytes('snapshot') : undefined,
    }).then((py) => {
      // Unbuffered and stateless: a partial line written to fd 1 or 2 is dropped at once instead of waiting on the
      // JavaScript side for the rest of its line (a later run's output). print() never gets here: the harness
      // captures sys.stdout and sys.stderr per case.
      py.setStdout({ write: (buffer) => buffer.length });
      py.setStderr({ write: (buffer) => buffer.length });
      py.setStdin({ read: () => 0 });
      return py;
    })`,
    context,
  );
  const py = await load(realm, makeSnapshot, snapshot !== undefined);
  if (memory === undefined) throw new Error('Pyodide started without handing its WebAssembly memory to the host');
  const heap = memory;
  if (!makeSnapshot) {
    // The snapshot-making interpreter keeps them: a snapshot is made of a whole, ordinary interpreter.
    for (const name of JS_MODULES) py.unregisterJsModule(name);
    py.runPython(`import sys\nfor _name in [name for name in sys.modules if name.partition('.')[0] in ${JSON.stringify(JS_MODULES)}]: del sys.modules[_name]`);
    blockBuiltins(py, heap, BLOCKED_BUILTINS);
  }
  realm.seal();
  // Mounting host directories needs Node's fs, which the realm does not have; drop the file systems anyway.
  for (const name of ['NODEFS', 'NATIVEFS_ASYNC', 'WORKERFS', 'PROXYFS', 'IDBFS']) delete py.FS.filesystems[name];
  py.setInterruptBuffer(realm.signal);
  return {
    py,
    memory: heap,
    memoryBytes: () => sizeOf(heap),
    heap: () => new Uint8Array(Reflect.apply(memoryBuffer, heap, [])),
    capMemory: (bytes) => {
      if (capBytes !== undefined) throw new Error('The memory cap of an interpreter is set once');
      capBytes = bytes;
    },
  };
}

/** @param {Uint8Array} wasm @param {number} maxBytes */
function cappedModule(wasm, maxBytes) {
  if (capped.maxBytes !== maxBytes) capped = { maxBytes, wasm: withMemoryMaximum(wasm, maxBytes) };
  return capped.wasm;
}

/**
 * Points the name of each blocked module's entry in the table of built-ins (CPython's copy of the inittab, and
 * the static one) at a name no import can ask for. Found by content: an entry is the address of its name's C
 * string followed by its init function; every copy is patched. Checked afterwards from Python, so a Pyodide
 * that lays this out differently fails at start-up instead of leaving the modules importable.
 * @param {any} py @param {WasmMemory} memory @param {readonly string[]} names
 */
function blockBuiltins(py, memory, names) {
  const bytes = new Uint8Array(Reflect.apply(memoryBuffer, memory, []));
  const words = new Uint32Array(bytes.buffer, 0, bytes.length >>> 2);
  const unfindable = Number(py._module._malloc(16));
  bytes.set(encoder.encode('\u0001blocked\u0000'), unfindable);
  for (const name of names) {
    const text = encoder.encode(`${name}\u0000`);
    const starts = [];
    for (let at = bytes.indexOf(text[0] ?? 0); at >= 0; at = bytes.indexOf(text[0] ?? 0, at + 1)) {
      if ((at === 0 || bytes[at - 1] === 0) && text.every((byte, offset) => bytes[at + offset] === byte)) starts.push(at);
    }
    let patched = 0;
    for (let word = 0; word < words.length - 1; word += 1) {
      const value = words[word] ?? 0;
      // An entry: the name's address, then a non-zero function table index; the previous word is the end of the previous entry.
      if (value !== 0 && starts.includes(value) && (words[word + 1] ?? 0) > 0 && (words[word + 1] ?? 0) < 1 << 20) {
        words[word] = unfindable;
        patched += 1;
      }
    }
    if (patched === 0) throw new Error(`Pyodide: no table entry for the built-in module ${name}`);
  }
  const still = py.runPython(`import _imp\n[name for name in ${JSON.stringify(names)} if _imp.is_builtin(name)]`);
  const left = still.toJs();
  still.destroy();
  if (left.length > 0) throw new Error(`Pyodide: built-in modules still importable: ${left.join(', ')}`);
}
