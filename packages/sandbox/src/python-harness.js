// @ts-check
/**
 * Python run once in each fresh interpreter before any candidate code; its last expression is the pair of
 * functions the worker uses: `run_case` per case, and `lockdown`, called once this code has run. It captures what it needs (json, builtins, sys) while they are pristine, so a
 * candidate who rebinds them fools only themselves: the verdict is made on the host, where `expected` lives.
 *
 * It also closes the doors a candidate could try from Python, in layers none of which is the boundary (the
 * realm around the interpreter is, and the memory and time limits are enforced outside it):
 * - the host has already unregistered the JavaScript modules (`js`, `pyodide_js`) and made the FFI and ctypes
 *   built-ins unfindable (python-realm.js);
 * - here, every module that reaches JavaScript or raw memory (`pyodide*`, `_pyodide*`, `micropip`, `ctypes`)
 *   leaves `sys.modules` and has its namespace emptied, including CPython's cached copy of a built-in's, so
 *   nothing found later (through `object.__subclasses__()`, a class's methods, `_imp`) leads back to them;
 * - an audit hook, which CPython never lets anyone remove, refuses importing those modules however the
 *   import is spelled, the garbage collector's object walks, processes, sockets and ctypes. It uses only
 *   constants and its arguments, so nothing a candidate rebinds (builtins, globals) changes its decisions.
 */
export const PYTHON_HARNESS = `
def _assay_audit(event, args):
    # Only constants and the arguments: a candidate can rebind builtins and globals, not these. A raise of any
    # kind aborts the audited operation, so even a rebound exception name (raising a TypeError) still refuses.
    if event == 'import':
        top = ''.join((args[0],)).partition('.')[0]
        if top in {'js', 'pyodide_js', 'pyodide', '_pyodide', '_pyodide_core', 'micropip', 'pyodide_http', 'ctypes', '_ctypes'}:
            raise ModuleNotFoundError("No module named '" + top + "' (it is not available in this sandbox)")
    elif event in {'gc.get_objects', 'gc.get_referrers', 'gc.get_referents'}:
        raise RuntimeError(event + '() is not available in this sandbox')
    elif event in {'os.system', 'os.exec', 'os.posix_spawn', 'os.spawn', 'os.fork', 'os.forkpty', 'os.kill', 'os.killpg', 'subprocess.Popen', 'pty.spawn'}:
        raise PermissionError(event + ' is not available in this sandbox: there are no processes to run')
    elif event.startswith('socket.') and event not in {'socket.__new__', 'socket.gethostname', 'socket.sethostname'}:
        raise PermissionError(event + ' is not available in this sandbox: there is no network')
    elif event.startswith('ctypes.'):
        raise PermissionError(event + ' is not available in this sandbox')


def _assay_setup():
    import builtins, gc, json, sys, traceback, _signal

    blocked = frozenset(('js', 'pyodide_js', 'pyodide', '_pyodide', '_pyodide_core', 'micropip', 'pyodide_http', 'ctypes', '_ctypes'))

    def is_blocked(name):
        return isinstance(name, str) and name.partition('.')[0] in blocked

    class SandboxImportBlocker:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if is_blocked(name):
                raise ModuleNotFoundError(f"No module named '{name}' (it is not available in this sandbox)", name=name)
            return None

    set_signal, default_int_handler, SIGINT = _signal.signal, _signal.default_int_handler, _signal.SIGINT

    def lockdown():
        # Called by the host once this code has finished running (Pyodide's own runPython needs _pyodide until then).
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
        for loaded in list(sys.modules):
            if is_blocked(loaded):
                del sys.modules[loaded]
        # Module namespaces (live ones and the copies CPython keeps of single-phase built-ins) of blocked modules.
        for found in gc.get_objects():
            if isinstance(found, dict) and is_blocked(found.get('__name__')) and '__loader__' in found and '__spec__' in found:
                found.clear()
        gc.collect()
        sys.addaudithook(_assay_audit)
    dumps, loads = json.dumps, json.loads
    exec_, compile_, callable_ = builtins.exec, builtins.compile, builtins.callable
    MAX_ERROR = 1000
    compiled = {}

    class Capture:
        """Bounded stdout/stderr of one case: print() output beyond the limit is dropped, not buffered."""
        def __init__(self, limit):
            self.parts, self.size, self.limit, self.cut = [], 0, limit, False
        def write(self, text):
            text = str(text)
            if self.cut:
                return len(text)
            room = self.limit - self.size
            if len(text) > room:
                text, self.cut = text[:max(room, 0)], True
            self.parts.append(text)
            self.size += len(text)
            return len(text)
        def flush(self):
            pass
        def isatty(self):
            return False
        def text(self):
            return ''.join(self.parts)

    def clip(text):
        return text if len(text) <= MAX_ERROR else text[:MAX_ERROR] + '...'

    def describe(error):
        try:
            # A SyntaxError's str() repeats the file and line, which the location already gives.
            detail = error.msg if isinstance(error, SyntaxError) and isinstance(error.msg, str) else str(error)
        except BaseException:
            detail = ''
        name = type(error).__name__
        return clip(f'{name}: {detail}' if detail else name)

    def column(source_line, byte_offset):
        # Python reports columns as UTF-8 byte offsets; editors count characters.
        if source_line is None or byte_offset is None:
            return None
        return len(source_line.encode('utf-8')[:byte_offset].decode('utf-8', 'ignore')) + 1

    def where(error, lines):
        if isinstance(error, SyntaxError) and error.filename == 'solution.py' and error.lineno:
            return error.lineno, error.offset or 1
        found = None
        for frame in traceback.extract_tb(error.__traceback__):
            if frame.filename == 'solution.py':
                found = frame
        if found is None or not found.lineno:
            return None, None
        line = lines[found.lineno - 1] if 0 < found.lineno <= len(lines) else None
        return found.lineno, column(line, getattr(found, 'colno', None)) or 1

    def check_keys(value):
        # json.dumps would turn 1, True or None keys into strings; JSON objects only have string keys.
        stack, seen = [value], set()
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                if id(item) in seen:
                    continue
                seen.add(id(item))
                for key, child in item.items():
                    if not isinstance(key, str):
                        raise TypeError(f'dict keys must be strings, got {type(key).__name__} {key!r:.40}')
                    stack.append(child)
            elif isinstance(item, (list, tuple)):
                if id(item) in seen:
                    continue
                seen.add(id(item))
                stack.extend(item)

    def run_case(code, function_name, args_json, max_output, max_log):
        # An earlier case may have ignored SIGINT: each case starts interruptible again.
        set_signal(SIGINT, default_int_handler)
        capture = Capture(max_log)
        saved = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = capture
        lines = code.splitlines()
        result = {}
        try:
            try:
                program = compiled.get(code)
                if program is None:
                    program = compiled[code] = compile_(code, 'solution.py', 'exec', dont_inherit=True)
                namespace = {'__name__': '__main__', '__builtins__': builtins}
                exec_(program, namespace)
                function = namespace.get(function_name)
                if not callable_(function):
                    result = {'tag': 'e', 'message': f'NameError: function {function_name} is not defined (the code must define a function named {function_name})'}
                else:
                    value = function(*loads(args_json))
                    try:
                        check_keys(value)
                        text = dumps(value, allow_nan=False, ensure_ascii=False, separators=(',', ':'))
                    except (TypeError, ValueError, RecursionError) as error:
                        result = {'tag': 'e', 'message': clip('The return value is not JSON-serializable: ' + describe(error))}
                    else:
                        result = {'tag': 'o'} if len(text) > max_output else {'tag': 'v', 'json': text}
            except KeyboardInterrupt:
                result = {'tag': 't'}
            except MemoryError:
                result = {'tag': 'm'}
            except BaseException as error:
                line, col = where(error, lines)
                result = {'tag': 'e', 'message': describe(error)}
                if line is not None:
                    result['line'], result['column'] = line, col
        except BaseException:
            # Formatting the failure failed too (say, memory is exhausted): report without detail.
            result = {'tag': 'e', 'message': 'The code failed and the error could not be described'}
        finally:
            sys.stdout, sys.stderr = saved
        result['log'] = capture.text()
        result['cut'] = capture.cut
        try:
            return dumps(result, ensure_ascii=False)
        except BaseException:
            return '{"tag": "e", "message": "The result could not be reported"}'

    return run_case, lockdown

_assay_setup()
`;
