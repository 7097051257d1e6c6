import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_LIMIT_EXCEEDED, Sandbox, TIME_LIMIT_EXCEEDED } from '../../src/index.js';
import { PYTHON_START_MS, runPython, timed, WALL_CLOCK_SLACK_MS } from '../helpers.js';

/**
 * What a candidate can try from Python, class by class: each must fail inside the sandbox, and the sandbox must
 * go on working. The bypasses are the ones an audit found against the first import blocker (meta_path, the gc,
 * the JavaScript modules, ctypes, SIG_IGN).
 */
const sandbox = new Sandbox({ workers: 1, maxQueued: 50, prewarm: ['python'], limits: { cpuMsPerCase: 1000 } });
beforeAll(() => runPython(sandbox, 'def f():\n    return 1', [], 1), PYTHON_START_MS);
afterAll(() => sandbox.close());

const BLOCKED = ['js', 'pyodide_js', 'pyodide', 'pyodide.ffi', 'pyodide.code', '_pyodide', '_pyodide_core', 'micropip', 'ctypes', '_ctypes'];

/** Runs a probe that returns, per attempt, 'OK <what it got>' or 'ERR <exception>'. */
const probe = async (body: string): Promise<Record<string, string>> => {
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

const expectAllRefused = (outcome: Record<string, string>) => {
  for (const [name, got] of Object.entries(outcome)) expect(got, name).toMatch(/^ERR /);
};

describe('Python: modules that reach JavaScript or raw memory', () => {
  it.each(BLOCKED)('refuses import %s', async (name) => {
    const result = await runPython(sandbox, `import ${name}\ndef f():\n    return 1`);
    expect(result.passed).toBe(false);
    expect(result.error).toMatch(/^ModuleNotFoundError: No module named '_?[a-z_]+'/);
    expect(result.errorLocation).toEqual({ line: 1, column: 1 });
  });

  it('still refuses them with the import blockers taken out of sys.meta_path', async () => {
    const outcome = await probe(
      [
        'import sys',
        'def f():',
        '    sys.meta_path.pop(0)',
        "    sys.meta_path[:] = [finder for finder in sys.meta_path if 'Blocker' not in repr(finder)]",
        `    return {name: attempt(lambda: __import__(name)) for name in ${JSON.stringify(BLOCKED)}}`,
      ].join('\n'),
    );
    expect(Object.keys(outcome)).toHaveLength(BLOCKED.length);
    expectAllRefused(outcome);
  });

  it('refuses them through importlib, the import machinery itself and the zip importer', async () => {
    const outcome = await probe(
      [
        'import importlib, importlib._bootstrap as bootstrap, zipimport',
        'def from_zip(name):',
        "    spec = zipimport.zipimporter('/lib/python314.zip').find_spec(name)",
        '    module = bootstrap.module_from_spec(spec)',
        '    spec.loader.exec_module(module)',
        '    return module',
        'def f():',
        '    return {',
        "        'import_module js': attempt(lambda: importlib.import_module('js')),",
        "        'find_and_load pyodide': attempt(lambda: bootstrap._find_and_load('pyodide', __import__)),",
        "        'find_and_load _pyodide_core': attempt(lambda: bootstrap._find_and_load('_pyodide_core', __import__)),",
        "        'find_and_load ctypes': attempt(lambda: bootstrap._find_and_load('ctypes', __import__)),",
        "        'zip pyodide': attempt(lambda: from_zip('pyodide')),",
        "        'zip ctypes': attempt(lambda: from_zip('ctypes')),",
        "        '__builtins__ __import__': attempt(lambda: __builtins__.__import__('js')),",
        '    }',
      ].join('\n'),
    );
    expectAllRefused(outcome);
  });

  it('gives nothing through _imp.create_builtin: the FFI module is empty, ctypes is no built-in any more', async () => {
    const result = await runPython(
      sandbox,
      [
        'import _imp',
        'class Spec:',
        '    def __init__(self, name): self.name = name',
        'def f():',
        "    core = _imp.create_builtin(Spec('_pyodide_core'))",
        "    return [sorted(name for name in vars(core) if not name.startswith('__')) if core else None,",
        "            _imp.create_builtin(Spec('_ctypes')), _imp.is_builtin('_pyodide_core'), _imp.is_builtin('_ctypes')]",
      ].join('\n'),
    );
    expect(result.actual).toEqual([[], null, 0, 0]);
  });

  it('refuses the garbage collector walks that found the JavaScript finder and its modules', async () => {
    const outcome = await probe(
      [
        'import gc',
        'def f():',
        '    return {',
        "        'get_objects': attempt(lambda: next(o for o in gc.get_objects() if type(o).__name__ == 'JsFinder').jsproxies['pyodide_js']._module),",
        "        'get_referrers': attempt(lambda: gc.get_referrers(object)),",
        "        'get_referents': attempt(lambda: gc.get_referents(f)),",
        '    }',
      ].join('\n'),
    );
    expectAllRefused(outcome);
    expect(outcome.get_objects).toContain('gc.get_objects() is not available in this sandbox');
  });

  it('leaves nothing of Pyodide reachable through class hierarchies: their functions have empty globals', async () => {
    const result = await runPython(
      sandbox,
      [
        'def f():',
        '    found, stack = [], list(object.__subclasses__())',
        '    while stack:',
        '        cls = stack.pop()',
        '        try: stack.extend(cls.__subclasses__())',
        '        except TypeError: pass',
        "        if 'pyodide' in (getattr(cls, '__module__', '') or '') or cls.__name__.startswith('Js'):",
        '            for value in list(vars(cls).values()):',
        "                names = getattr(value, '__globals__', None)",
        '                if names: found.append(cls.__name__ + ": " + ", ".join(sorted(names)[:5]))',
        '    return found',
      ].join('\n'),
    );
    expect(result.actual).toEqual([]);
  });

  it('does not let a candidate find or change the audit hook through a traceback', async () => {
    const result = await runPython(
      sandbox,
      [
        'import gc',
        'def f():',
        '    try: gc.get_objects()',
        '    except RuntimeError as error: trace = error.__traceback__',
        '    while trace.tb_next: trace = trace.tb_next',
        "    trace.tb_frame.f_locals['event'] = 'harmless'",
        '    return len(gc.get_objects())',
      ].join('\n'),
    );
    expect(result.error).toBe('RuntimeError: gc.get_objects() is not available in this sandbox');
  });
});

describe('Python: processes, files and the network', () => {
  it('has os, but no processes: os.system, os.popen and subprocess fail', async () => {
    const outcome = await probe(
      [
        'import os',
        'def f():',
        '    return {',
        "        'os.system': attempt(lambda: os.system('ls')),",
        "        'os.popen': attempt(lambda: os.popen('ls').read()),",
        "        'subprocess.run': attempt(lambda: __import__('subprocess').run(['ls'])),",
        "        'os.execv': attempt(lambda: os.execv('/bin/sh', ['sh'])),",
        "        'os.fork': attempt(lambda: os.fork()),",
        '    }',
      ].join('\n'),
    );
    expectAllRefused(outcome);
    expect(outcome['os.system']).toContain('os.system is not available in this sandbox');
  });

  it('sees only its own scratch file system: no /etc/passwd, no host directories', async () => {
    const outcome = await probe(
      [
        'import os',
        'def f():',
        '    return {',
        "        'passwd': attempt(lambda: open('/etc/passwd').read()),",
        "        'root': attempt(lambda: sorted(os.listdir('/'))),",
        "        'scratch': attempt(lambda: (open('/tmp/x', 'w').write('hi'), open('/tmp/x').read())),",
        "        'home': attempt(lambda: os.environ['HOME']),",
        '    }',
      ].join('\n'),
    );
    expect(outcome.passwd).toMatch(/^ERR FileNotFoundError/);
    expect(outcome.root).toBe("OK ['dev', 'home', 'lib', 'proc', 'tmp']");
    expect(outcome.scratch).toBe("OK (2, 'hi')");
    expect(outcome.home).toBe("OK '/home/candidate'");
  });

  it('has no network: sockets, urllib and http.client fail', async () => {
    const outcome = await probe(
      [
        'def f():',
        '    return {',
        "        'socket': attempt(lambda: __import__('socket').create_connection(('example.com', 80))),",
        "        'urllib': attempt(lambda: __import__('urllib.request').request.urlopen('http://example.com').read()),",
        "        'http.client': attempt(lambda: __import__('http.client').client.HTTPConnection('127.0.0.1', 3000).request('GET', '/')),",
        '    }',
      ].join('\n'),
    );
    expectAllRefused(outcome);
    expect(outcome.socket).toContain('there is no network');
  });
});

describe('Python: time', () => {
  it.each([
    ['a busy loop', 'def f():\n    while True:\n        pass'],
    [
      'a loop that swallows KeyboardInterrupt',
      'def f():\n    while True:\n        try:\n            while True: pass\n        except BaseException:\n            pass',
    ],
    ['SIGINT ignored, then a loop', 'import signal\ndef f():\n    signal.signal(signal.SIGINT, signal.SIG_IGN)\n    while True:\n        pass'],
    ['native work that never checks for signals', 'def f():\n    return sum(range(10**13))'],
  ])('stops %s at the time limit', async (_label, code) => {
    const { outcome, ms } = await timed(sandbox, { language: 'python', code, functionName: 'f', cases: [{ args: [], expected: null }] });
    expect(outcome.results[0]?.error).toBe(TIME_LIMIT_EXCEEDED);
    expect(ms).toBeLessThan(1000 + 2000 + WALL_CLOCK_SLACK_MS + 1500);
    expect((await runPython(sandbox, 'def f():\n    return 42', [], 42)).passed).toBe(true);
  });
});

describe('Python: memory', () => {
  // Growing to the cap takes CPU: on a busy machine a 1 s budget can run out first. These tests are about the memory
  // limit, so they run with room for time (the time limit has its own tests above).
  const roomy = new Sandbox({ workers: 1, maxQueued: 50, prewarm: ['python'], limits: { cpuMsPerCase: 10_000 } });
  beforeAll(() => runPython(roomy, 'def f():\n    return 1', [], 1), PYTHON_START_MS);
  afterAll(() => roomy.close());

  it.each([
    ['a list of a billion', 'def f():\n    return len([0] * 10**9)'],
    ['a bytearray of a gigabyte', 'def f():\n    return len(bytearray(10**9))'],
    ['a list that grows forever', 'def f():\n    a = []\n    while True:\n        a.append(bytearray(10**7))'],
    [
      'a growth that catches MemoryError and goes on',
      'def f():\n    a = []\n    while True:\n        try:\n            a.append(bytearray(10**7))\n        except MemoryError:\n            pass',
    ],
  ])('stops %s at the memory limit', async (_label, code) => {
    const result = await runPython(roomy, code);
    expect(result.error).toBe(MEMORY_LIMIT_EXCEEDED);
  });

  it('counts what one case keeps against the next: the cap is for the whole run, not re-derived per case', async () => {
    const code = [
      'import builtins',
      'def f(case):',
      "    if not hasattr(builtins, 'kept'): builtins.kept = []",
      '    try:',
      '        while len(builtins.kept) < 2000: builtins.kept.append(bytearray(10**6))',
      '    except MemoryError:',
      '        pass',
      '    return len(builtins.kept)',
    ].join('\n');
    const { results } = await roomy.run({ language: 'python', code, functionName: 'f', cases: [0, 1, 2, 3].map((n) => ({ args: [n], expected: 0 })) });
    const kept = results.map((result) => result.actual as number);
    // 4 x 32 MiB may be grown over the run: about 134 one-megabyte buffers in all, never 134 more per case.
    expect(kept[0]).toBeGreaterThan(100);
    expect(kept[0]).toBeLessThan(140);
    expect(kept[3]).toBe(kept[0]);
  });

  // Kept after the memory tests, on the same roomy budget, in the order it has always run in: each memory stop
  // replaces the worker, and a deep recursion is then stopped by its stack (a worker with a fuller heap can hit the
  // memory cap first, which also stops it, with another message).
  it('reports deep recursion, even past a raised recursion limit, and goes on', async () => {
    expect((await runPython(roomy, 'def f():\n    return f()')).error).toBe('RecursionError: maximum recursion depth exceeded');
    const raised = await runPython(roomy, 'import sys\nsys.setrecursionlimit(10**7)\ndef g(n):\n    return g(n + 1)\ndef f():\n    return g(0)');
    expect(raised.error).toMatch(/^RecursionError: maximum recursion depth exceeded/);
    expect((await runPython(roomy, 'def f():\n    return 42', [], 42)).passed).toBe(true);
  });
});

describe('Python: output', () => {
  it('cuts huge output and refuses a huge return value', async () => {
    const printed = await runPython(sandbox, 'def f():\n    while True:\n        print("x" * 10000)');
    expect(printed.error).toBe(TIME_LIMIT_EXCEEDED);
    const returned = await runPython(sandbox, 'def f():\n    return "x" * 10**7');
    expect(returned.error).toBe('Output limit exceeded: the returned value is larger than 65536 bytes as JSON');
    const cut = await runPython(sandbox, 'def f():\n    for _ in range(1000): print("y" * 100)\n    return 1');
    expect(cut.output).toMatch(/\[output cut at 4096 bytes\]$/);
  });
});
