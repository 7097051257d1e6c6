// @ts-check
/**
 * Python run once in each interpreter, before the harness (python-harness.js) and before any candidate code:
 * defines `_assay_lockdown()`, which the harness calls once it has run (Pyodide's own runPython needs _pyodide
 * until then). What it closes are layers, none of them the boundary: the realm around the interpreter is the
 * boundary to the host, the limits are enforced outside the interpreter, and the reset after every run
 * (python-pristine.js) restores everything in the interpreter whatever ran, these layers included.
 *
 * - Every module that reaches JavaScript or raw memory (`js`, `pyodide*`, `_pyodide*`, `micropip`, `ctypes`)
 *   leaves `sys.modules` and has its namespace emptied, including CPython's cached copy of a built-in's, so
 *   nothing found later (through `object.__subclasses__()`, a class's methods, `_imp`) leads back to them.
 * - An audit hook (CPython never lets anyone remove one) refuses importing those modules however the import is
 *   spelled, the garbage collector's object walks, processes, sockets and ctypes; and the ways to reach or
 *   change a running function from outside: replacing a function's `__code__`, tracing, profiling and
 *   monitoring callbacks. The hook is a closure no namespace holds (nothing can name it to rebind its code),
 *   and it decides with constants and its arguments only, comparing the event before allocating anything: code
 *   that runs during an allocation (a finalizer, a gc callback) and writes the hook's frame locals through
 *   `sys._getframe().f_back` finds nothing left to change. It is still Python: an interpreter bug or a C-level
 *   escape would get past it, which is why it is not the boundary.
 * - Pyodide's browser event loop (it needs `pyodide_js`) is replaced: `time.sleep` sleeps (in slices, so the
 *   time limit interrupts a long sleep), and `asyncio.run` runs coroutines on a loop without I/O whose waiting
 *   for a timer is sleeping.
 */
export const PYTHON_LOCKDOWN = `
def _assay_lockdown():
    import asyncio, builtins, gc, sys, time
    from asyncio import base_events, events

    blocked = frozenset(('js', 'pyodide_js', 'pyodide', '_pyodide', '_pyodide_core', 'micropip', 'pyodide_http', 'ctypes', '_ctypes'))

    def is_blocked(name):
        return isinstance(name, str) and name.partition('.')[0] in blocked

    class SandboxImportBlocker:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if is_blocked(name):
                raise ModuleNotFoundError(f"No module named '{name}' (it is not available in this sandbox)", name=name)
            return None

    def audit(event, args):
        # Only constants and the arguments (a closure variable could be rebound through the frame's locals). A
        # raise of any kind aborts the audited operation, so even a rebound exception name still refuses.
        if event == 'import':
            top = ''.join((args[0],)).partition('.')[0]
            if top in {'js', 'pyodide_js', 'pyodide', '_pyodide', '_pyodide_core', 'micropip', 'pyodide_http', 'ctypes', '_ctypes'}:
                raise ModuleNotFoundError("No module named '" + top + "' (it is not available in this sandbox)")
        elif event == 'object.__setattr__':
            if args[1] == '__code__':
                raise RuntimeError("replacing a function's __code__ is not available in this sandbox")
        elif event in {'sys.settrace', 'sys.setprofile', 'sys.monitoring.register_callback'}:
            raise RuntimeError(event + '() is not available in this sandbox')
        elif event in {'gc.get_objects', 'gc.get_referrers', 'gc.get_referents'}:
            raise RuntimeError(event + '() is not available in this sandbox')
        elif event in {'os.system', 'os.exec', 'os.posix_spawn', 'os.spawn', 'os.fork', 'os.forkpty', 'os.kill', 'os.killpg', 'subprocess.Popen', 'pty.spawn'}:
            raise PermissionError(event + ' is not available in this sandbox: there are no processes to run')
        elif event.startswith('socket.') and event not in {'socket.__new__', 'socket.gethostname', 'socket.sethostname'}:
            raise PermissionError(event + ' is not available in this sandbox: there is no network')
        elif event.startswith('ctypes.'):
            raise PermissionError(event + ' is not available in this sandbox')

    c_sleep = getattr(time.sleep, '__wrapped__', time.sleep)
    monotonic = time.monotonic

    def sleep(secs):
        """Suspend execution for the given number of seconds (in slices: the time limit interrupts it)."""
        c_sleep(min(secs, 0))  # time.sleep's own checks: a number, not negative, not NaN
        end = monotonic() + secs
        while True:
            left = end - monotonic()
            if left <= 0:
                return None
            c_sleep(min(left, 0.01))

    class Waiting:
        """The selector of an event loop without I/O: waiting for the next timer is sleeping."""
        def select(self, timeout=None):
            sleep(0.01 if timeout is None else timeout)
            return []
        def close(self):
            pass
        def get_map(self):
            return {}

    class SandboxEventLoop(base_events.BaseEventLoop):
        def __init__(self):
            super().__init__()
            self._selector = Waiting()
        def _process_events(self, event_list):
            pass
        def _write_to_self(self):
            pass

    class SandboxEventLoopPolicy(events._BaseDefaultEventLoopPolicy):
        _loop_factory = SandboxEventLoop

    def lockdown():
        for finder in sys.meta_path:
            proxies = getattr(finder, 'jsproxies', None)
            if isinstance(proxies, dict):
                proxies.clear()
        # Pyodide's finders (JsFinder, the unvendored-package finders) live in modules emptied below.
        def pyodide_made(hook):
            return is_blocked(getattr(hook, '__module__', None)) or is_blocked(getattr(type(hook), '__module__', None))
        sys.meta_path[:] = [finder for finder in sys.meta_path if not pyodide_made(finder)]
        sys.meta_path.insert(0, SandboxImportBlocker)
        sys.path_hooks[:] = [hook for hook in sys.path_hooks if not pyodide_made(hook)]
        sys.path_importer_cache.clear()
        # Pyodide's replacements need pyodide_js: the originals, and an event loop that works here.
        time.sleep = sleep
        asyncio.run = getattr(asyncio.run, '__wrapped__', asyncio.run)
        events._set_running_loop(None)
        events._set_event_loop_policy(SandboxEventLoopPolicy())
        for loaded in list(sys.modules):
            if is_blocked(loaded):
                del sys.modules[loaded]
        # Module namespaces (live ones and the copies CPython keeps of single-phase built-ins) of blocked modules.
        for found in gc.get_objects():
            if isinstance(found, dict) and is_blocked(found.get('__name__')) and '__loader__' in found and '__spec__' in found:
                found.clear()
        gc.collect()
        sys.addaudithook(audit)

    return lockdown
`;
