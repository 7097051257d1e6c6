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

/** @typedef {{ glue: vm.Script, loader: vm.Script, membrane: vm.Script, wasm: Uint8Array, stdlib: Uint8Array, lock: string }} PyodideFiles */
/** @typedef {{ py: any, capMemory(bytes: number): void, heapBytes(): number }} Interpreter */

/** @type {PyodideFiles | undefined} */
let files;

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
 * @param {{ snapshot?: SharedArrayBuffer, makeSnapshot?: boolean, onMemoryCap: () => void, takeSignal: () => number }} options
 * @returns {Promise<Interpreter>}
 */
export async function startInterpreter({ snapshot, makeSnapshot = false, onMemoryCap, takeSignal }) {
  const { glue, loader, membrane, wasm, stdlib, lock } = pyodideFiles();
  const context = vm.createContext({}, { name: 'assay-python', codeGeneration: { strings: false, wasm: true } });
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
    memoryCapHit: onMemoryCap,
    takeSignal,
  };
  const realm = membrane.runInContext(context)(Object.freeze(host));
  realm.putBytes('pyodide.asm.wasm', wasm.length).set(wasm);
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
    })`,
    context,
  );
  const py = await load(realm, makeSnapshot, snapshot !== undefined);
  realm.seal();
  // Mounting host directories needs Node's fs, which the realm does not have; drop the file systems anyway.
  for (const name of ['NODEFS', 'NATIVEFS_ASYNC', 'WORKERFS', 'PROXYFS', 'IDBFS']) delete py.FS.filesystems[name];
  py.setInterruptBuffer(realm.signal);
  return {
    py,
    capMemory: (bytes) => realm.capMemory(bytes),
    heapBytes: () => Number(py._module.HEAP8.length),
  };
}
