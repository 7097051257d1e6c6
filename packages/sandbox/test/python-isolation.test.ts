import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../src/index.js';
import { PYTHON_START_MS, runPython, waitFor } from './helpers.js';
import { FINGERPRINT } from './python-fingerprint.js';

/**
 * One interpreter serves run after run (it is reset in place after each): every test here has a hostile run
 * change the interpreter, then a run by another candidate on the same interpreter (one worker; the counters
 * show it was reused, not replaced) takes its fingerprint, which must equal a pristine interpreter's.
 */
// Generous per-case time: these tests are about what a run leaves behind, not about time, and the suite shares the
// machine with the native-language suites (a 40 MiB write took past 1 s under that load).
const sandbox = new Sandbox({ workers: 1, maxQueued: 20, limits: { cpuMsPerCase: 10_000 } });

const fingerprint = async () => {
  const result = await runPython(sandbox, FINGERPRINT);
  expect(result.error).toBeUndefined();
  return result.actual as Record<string, unknown>;
};

let pristine: Record<string, unknown>;
beforeAll(async () => {
  await runPython(sandbox, 'def f():\n    return 1', [], 1);
  pristine = await fingerprint();
}, PYTHON_START_MS);
afterAll(() => sandbox.close());

/** Frames of the audit hook rewritten from a finalizer that runs while the hook allocates (gc triggered there). */
const REWRITE_HOOK_FRAMES = `
import gc, sys
class Rewriter:
    def __del__(self):
        frame = sys._getframe()
        while frame is not None:
            for name in ('event', 'top', 'args'):
                if name in frame.f_code.co_varnames:
                    try:
                        frame.f_locals[name] = ('harmless',) if name == 'args' else 'harmless'
                    except Exception:
                        pass
            frame = frame.f_back
def garbage():
    for _ in range(300):
        item = Rewriter()
        item.cycle = item
    gc.set_threshold(1)
`;

const HOSTILE: [string, string][] = [
  [
    'sets globals in __main__ and builtins',
    'import __main__, builtins\n__main__.leak = 1\nbuiltins.leak = 2\ndef f():\n    globals()["more"] = 3\n    return 1',
  ],
  [
    'patches builtins',
    'import builtins\nbuiltins.len = lambda value: 0\nbuiltins.sorted = None\nbuiltins.print = lambda *a, **k: None\ndel builtins.min\ndef f():\n    return 1',
  ],
  [
    'replaces and deletes sys.modules entries',
    'import sys, types\nsys.modules["json"] = types.ModuleType("json")\nsys.modules["os"] = None\ndel sys.modules["collections"]\ndef f():\n    return 1',
  ],
  ['imports modules', 'import decimal, fractions, xml.dom.minidom, sqlite3, email.mime.text, unittest\ndef f():\n    return 1'],
  [
    'writes, deletes, renames and chmods files everywhere',
    [
      'import os',
      'def f():',
      '    open("/tmp/left", "w").write("secret")',
      '    os.makedirs("/home/candidate/a/b", exist_ok=True)',
      '    open("/home/candidate/a/b/c", "w").write("x" * 100000)',
      '    with open("/lib/python314.zip", "r+b") as zipped:',
      '        zipped.seek(1000)',
      '        zipped.write(b"corrupt" * 1000)',
      '    os.unlink("/dev/null")',
      '    os.mkdir("/lib/python3.14/site-packages/evil")',
      '    os.symlink("/tmp/left", "/tmp/link")',
      '    os.rename("/home/candidate", "/home/moved")',
      '    os.chmod("/lib", 0)',
      '    os.utime("/tmp", (1, 1))',
      '    return 1',
    ].join('\n'),
  ],
  ['changes the working directory', 'import os\nos.chdir("/tmp")\ndef f():\n    os.chdir("/lib")\n    return 1'],
  [
    'changes the environment and the umask',
    'import os\nos.environ["LEAK"] = "1"\ndel os.environ["HOME"]\nos.putenv("PUTENV", "1")\nos.umask(0o777)\ndef f():\n    return 1',
  ],
  [
    'grows the heap by 50 MiB, kept in a global and in a module',
    'import json, builtins\nbuiltins.kept = bytearray(50 * 2**20)\njson._kept = [bytearray(2**20) for _ in range(10)]\ndef f():\n    return 1',
  ],
  [
    'leaves files, pipes, sockets and a partial output line open',
    [
      'import os, socket',
      'def f():',
      '    held = [os.open("/tmp", os.O_RDONLY), *os.pipe(), open("/tmp/open", "w"), socket.socket()]',
      '    held[3].write("unflushed")',
      '    os.write(1, b"partial line without end")',
      '    os.write(2, b"partial error")',
      '    f.held = held',
      '    return 1',
    ].join('\n'),
  ],
  [
    'tries every way around the audit hook and the import blocker',
    [
      'import sys',
      REWRITE_HOOK_FRAMES,
      'def f():',
      '    sys.meta_path.clear()',
      '    sys.path_hooks.clear()',
      '    garbage()',
      '    for trial in (lambda: setattr(f, "__code__", (lambda: 0).__code__), lambda: sys.settrace(print), lambda: __import__("pyodide")):',
      '        try:',
      '            trial()',
      '        except BaseException:',
      '            pass',
      '    return 1',
    ].join('\n'),
  ],
  [
    'changes interpreter settings',
    'import sys, gc, signal, warnings\nsys.setrecursionlimit(80)\nsys.path.insert(0, "/tmp")\nsys.meta_path.clear()\ngc.disable()\nwarnings.simplefilter("error")\ndef f():\n    return 1',
  ],
];

/** Runs a probe whose `f()` returns, per attempt, 'OK <what it got>' or 'ERR <exception>'. */
const attempts = async (body: string): Promise<Record<string, string>> => {
  const code = [
    'def attempt(thunk):',
    '    try:',
    "        return 'OK ' + repr(thunk())[:120]",
    '    except BaseException as error:',
    "        return 'ERR ' + repr(error)[:160]",
    body,
  ].join('\n');
  const result = await runPython(sandbox, code);
  expect(result.error).toBeUndefined();
  return result.actual as Record<string, string>;
};

describe('Python: the audit hook cannot be reached or rebound', () => {
  it('refuses the known bypasses: replacing a function code, tracing, profiling, monitoring, rewriting its frame', async () => {
    const outcome = await attempts(
      [
        'import __main__, sys',
        REWRITE_HOOK_FRAMES,
        'def f():',
        '    garbage()',
        '    return {',
        "        'hook in __main__': attempt(lambda: [name for name in vars(__main__) if 'assay' in name] or __main__._assay_audit),",
        "        'replace __code__': attempt(lambda: setattr(attempt, '__code__', (lambda thunk: 'OK').__code__)),",
        "        'settrace': attempt(lambda: sys.settrace(lambda *a: None)),",
        "        'setprofile': attempt(lambda: sys.setprofile(lambda *a: None)),",
        "        'monitoring': attempt(lambda: sys.monitoring.register_callback(3, sys.monitoring.events.PY_START, print)),",
        "        'import js while frames are rewritten': attempt(lambda: __import__('js')),",
        "        'import pyodide.ffi': attempt(lambda: __import__('pyodide.ffi')),",
        "        'gc.get_objects': attempt(lambda: len(__import__('gc').get_objects())),",
        '    }',
      ].join('\n'),
    );
    for (const [name, got] of Object.entries(outcome)) expect(got, name).toMatch(/^ERR /);
    expect(outcome['replace __code__']).toContain("replacing a function's __code__ is not available in this sandbox");
    expect(outcome['import js while frames are rewritten']).toContain("No module named 'js'");
  });
});

describe('Python: a pristine interpreter for every candidate', () => {
  it.each(HOSTILE)('the next candidate sees no trace of a run that %s', async (_label, hostile) => {
    const before = sandbox.stats();
    await runPython(sandbox, hostile);
    expect(await fingerprint()).toEqual(pristine);
    // The same interpreter served both runs: reset twice (the second reset follows the result), never replaced, never started again.
    expect(await waitFor(() => sandbox.stats().pythonResets - before.pythonResets === 2, 10_000)).toBe(true);
    const after = sandbox.stats();
    expect(after.pythonRecycled).toBe(before.pythonRecycled);
    expect(after.pythonColdStarts).toBe(before.pythonColdStarts);
  });

  it('keeps no output a run left unfinished on the JavaScript side', async () => {
    await runPython(sandbox, 'import os\ndef f():\n    os.write(1, b"no newline")\n    print("partial", end="")\n    return 1');
    const next = await runPython(sandbox, 'def f():\n    print("mine")\n    return 1', [], 1);
    expect(next.output).toBe('mine\n');
  });

  it('gives the next run the whole memory budget again after a run filled it', async () => {
    const fill =
      'import builtins\ndef f():\n    builtins.kept = []\n    try:\n        while True: builtins.kept.append(bytearray(2**20))\n    except MemoryError:\n        return len(builtins.kept)';
    const first = await runPython(sandbox, fill);
    const second = await runPython(sandbox, fill);
    expect(first.actual).toBeGreaterThan(100);
    expect(second.actual).toBe(first.actual);
    expect(sandbox.stats().pythonRecycled).toBe(0);
  });

  it('caps what a run writes to files and frees it for the next run', async () => {
    const write = (mib: number) =>
      `def f():\n    try:\n        with open("/tmp/big", "wb") as file:\n            for _ in range(${mib}):\n                file.write(bytes(2**20))\n    except OSError as error:\n        return str(error)\n    return "written"`;
    expect((await runPython(sandbox, write(40))).actual).toMatch(/No space left on device/);
    expect((await runPython(sandbox, write(30))).actual).toBe('written');
  });
});
