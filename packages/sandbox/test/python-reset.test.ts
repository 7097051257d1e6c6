import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PYTHON_HARNESS } from '../src/python-harness.js';
import { capturePristine } from '../src/python-pristine.js';
import { type Interpreter, startInterpreter } from '../src/python-realm.js';
import { PYTHON_START_MS } from './helpers.js';
import { FINGERPRINT } from './python-fingerprint.js';

/**
 * The reset seen from the host, on an interpreter in this process: what it measures (the heap end, the memory
 * beyond it), and that it holds with every in-interpreter defence gone. This interpreter never gets its lockdown
 * (no audit hook, no import blocker, Pyodide's modules intact) and is handed a JavaScript module (`realm`, the
 * realm's file system object): the candidate code below has everything a bypass of all those layers could give.
 */
const MiB = 1024 * 1024;
let interpreter: Interpreter;
let runCase: (code: string, functionName: string, argsJson: string, maxOutput: number, maxLog: number) => string;
let pristine: ReturnType<typeof capturePristine>;

/** Runs `code`'s `f()` as a case and returns the harness's answer. */
const run = (code: string): { tag: string; json?: string; message?: string } => JSON.parse(runCase(code, 'f', '[]', 1 << 24, 4096));
const heapEnd = () => {
  const module = interpreter.py._module;
  return new DataView(interpreter.heap().buffer).getUint32(Number(module._emscripten_get_sbrk_ptr()), true);
};

beforeAll(async () => {
  interpreter = await startInterpreter({ memoryMaxBytes: 400 * MiB, onMemoryCap: () => {}, takeSignal: () => 0 });
  interpreter.py.registerJsModule('realm', { fs: interpreter.py.FS });
  const harness = interpreter.py.runPython(PYTHON_HARNESS);
  runCase = harness.get(0);
  harness.get(1).destroy();
  harness.destroy();
  // Pyodide caches what its first call of a JavaScript method makes (JavaScript values included): part of the pristine state.
  interpreter.py.runPython('import realm\nrealm.fs.cwd()\ndel realm');
  interpreter.capMemory(interpreter.memoryBytes() + 200 * MiB);
  pristine = capturePristine(interpreter);
}, PYTHON_START_MS);
afterAll(() => {
  interpreter?.py.setInterruptBuffer(undefined);
});

describe('the reset of a Python interpreter, measured on the host', () => {
  it('puts the heap end back and leaves the memory beyond it zero after a run grew the heap by 50 MiB', () => {
    const end = heapEnd();
    expect(run('import builtins\ndef f():\n    builtins.kept = bytearray(b"x" * (50 * 2**20))\n    return 1').tag).toBe('v');
    expect(heapEnd() - end).toBeGreaterThanOrEqual(50 * MiB);
    const reset = pristine.restore();
    expect(reset).toMatchObject({ ok: true });
    expect(reset.ok && reset.grownBytes).toBeGreaterThanOrEqual(50 * MiB);
    expect(heapEnd()).toBe(end);
    const heap = interpreter.heap();
    expect(heap.subarray(end).every((byte) => byte === 0)).toBe(true);
    expect(run('import builtins\ndef f():\n    return hasattr(builtins, "kept")').json).toBe('false');
    pristine.restore();
  });

  it('gives back a pristine interpreter after a run with no in-interpreter defence at all', () => {
    const clean = run(FINGERPRINT).json;
    expect(pristine.restore()).toMatchObject({ ok: true });
    const hostile = [
      'import gc, sys, json, builtins, os',
      'import pyodide, _pyodide',
      'def f():',
      '    import realm  # a local: JavaScript values die with the call (a module global would live on in a cycle)',
      '    # Reaches what the audit hook would refuse: the harness closure, found through the garbage collector.',
      '    for found in gc.get_objects():',
      "        if type(found) is type(f) and found.__name__ == 'run_case':",
      '            for cell in found.__closure__:',
      '                if cell.cell_contents is json.dumps:',
      '                    cell.cell_contents = lambda *a, **k: \'{"tag": "v", "json": "tampered"}\'',
      "    sys.modules['pyodide'] = None",
      '    builtins.open = None',
      '    # The file system changed from the JavaScript side, past every Python-level check.',
      "    realm.fs.currentPath = '/tmp'",
      "    realm.fs.rmdir('/home/web_user')",
      "    realm.fs.unlink('/dev/null')",
      "    realm.fs.chmod('/lib', 0)",
      '    return 1',
    ].join('\n');
    expect(run(hostile)).toMatchObject({ tag: 'v' });
    // The harness is tampered with for as long as the interpreter is not reset...
    expect(run('def f():\n    return 2')).toMatchObject({ tag: 'v', json: 'tampered' });
    // ...and the reset undoes all of it.
    expect(pristine.restore()).toMatchObject({ ok: true });
    expect(run('def f():\n    return 2')).toMatchObject({ tag: 'v', json: '2' });
    expect(pristine.restore()).toMatchObject({ ok: true });
    expect(run(FINGERPRINT).json).toBe(clean);
    expect(pristine.restore()).toMatchObject({ ok: true });
  });

  it('refuses to reuse an interpreter whose run kept a JavaScript value alive', () => {
    expect(run('import builtins, realm\ndef f():\n    builtins.kept = realm.fs.cwd\n    return 1')).toMatchObject({ tag: 'v' });
    expect(pristine.restore()).toEqual({ ok: false, reason: 'the run kept references to JavaScript values' });
  });
});
