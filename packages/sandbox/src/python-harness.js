// @ts-check
import { PYTHON_LOCKDOWN } from './python-lockdown.js';

/**
 * Python run once in each interpreter before any candidate code; its last expression is the functions the worker
 * uses: `run_case` per case (`run_stdio` per case of the stdio form), and `lockdown` (python-lockdown.js), called
 * once this code has run. The
 * names it defines in `__main__` are deleted again, so candidate code finds none of it there. It captures
 * what it needs (json, builtins, sys, traceback) while they are pristine, so a candidate who rebinds them fools
 * only themselves: the verdict is made on the host, where `expected` lives.
 *
 * Strings in, JSON text out: no Python object ever crosses to JavaScript (a proxy kept past a run would point
 * into memory the reset has rewritten). A case's answer carries the value as JSON (`json`) and as Python
 * writes it (`repr`, of the value JSON round-tripped, so `None`, `True`, `'text'`, `4.0`), or the error with
 * its place in the candidate's code and the whole traceback of the candidate's frames (`trace`; the harness's
 * own frames are left out).
 */
export const PYTHON_HARNESS = `${PYTHON_LOCKDOWN}

def _assay_setup():
    import builtins, io, json, linecache, random, sys, traceback, _signal

    set_signal, default_int_handler, SIGINT = _signal.signal, _signal.default_int_handler, _signal.SIGINT
    dumps, loads = json.dumps, json.loads
    TextIOWrapper, BytesIO = io.TextIOWrapper, io.BytesIO
    exec_, compile_, callable_, repr_ = builtins.exec, builtins.compile, builtins.callable, builtins.repr
    TracebackException, StackSummary = traceback.TracebackException, traceback.StackSummary
    lines_cache = linecache.cache
    # The interpreter's memory is put back to one snapshot after every run, the random module's state with it: unseeded,
    # every run of every candidate would draw the same numbers. Each case reseeds it from the host's entropy (decision 640).
    reseed = random.seed
    MAX_ERROR = 1000
    MAX_TRACE = 4000
    FILE = 'solution.py'
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

    class Bytes:
        """A capture's \`buffer\`: the bytes a program writes there are the text they decode to."""
        def __init__(self, capture):
            self.capture = capture
        def write(self, data):
            self.capture.write(bytes(data).decode('utf-8', 'replace'))
            return len(data)
        def flush(self):
            pass

    def clip(text, limit=MAX_ERROR):
        return text if len(text) <= limit else text[:limit] + '...'

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
        if isinstance(error, SyntaxError) and error.filename == FILE and error.lineno:
            return error.lineno, error.offset or None
        found = None
        for frame in traceback.extract_tb(error.__traceback__):
            if frame.filename == FILE:
                found = frame
        if found is None or not found.lineno:
            return None, None
        line = lines[found.lineno - 1] if 0 < found.lineno <= len(lines) else None
        return found.lineno, column(line, getattr(found, 'colno', None))

    def trace(error, code, lines):
        # The traceback Python would print, from the candidate's first frame on: the harness's frames above it
        # are dropped (in chained exceptions too); the source lines are the candidate's code.
        try:
            lines_cache[FILE] = (len(code), None, [line + '\\n' for line in lines], FILE)
            root = TracebackException.from_exception(error)
            pending, seen = [root], set()
            while pending:
                item = pending.pop()
                if item is None or id(item) in seen:
                    continue
                seen.add(id(item))
                frames = list(item.stack)
                first = next((index for index, frame in enumerate(frames) if frame.filename == FILE), len(frames))
                item.stack = StackSummary.from_list(frames[first:])
                pending.extend((item.__cause__, item.__context__, *(getattr(item, 'exceptions', None) or ())))
            text = ''.join(root.format()).rstrip('\\n')
        except BaseException:
            return None
        return text if len(text) <= MAX_TRACE else text[:1000] + '\\n  ...\\n' + text[-(MAX_TRACE - 1000):]

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

    def program_of(code):
        program = compiled.get(code)
        if program is None:
            program = compiled[code] = compile_(code, FILE, 'exec', dont_inherit=True)
        return program

    def failed(error, code, lines):
        line, col = where(error, lines)
        result = {'tag': 'e', 'message': describe(error), 'trace': trace(error, code, lines)}
        if line is not None:
            result['line'], result['column'] = line, col
        return result

    def settled(work, code):
        # What a case's work answers, or why it stopped: the time limit (SIGINT), memory, or the candidate's error.
        try:
            try:
                return work()
            except KeyboardInterrupt:
                return {'tag': 't'}
            except MemoryError:
                return {'tag': 'm'}
            except BaseException as error:
                return failed(error, code, code.splitlines())
        except BaseException:
            # Formatting the failure failed too (say, memory is exhausted): report without detail.
            return {'tag': 'e', 'message': 'The code failed and the error could not be described'}

    def reported(result, log):
        result['log'] = log.text()
        result['cut'] = log.cut
        try:
            return dumps(result, ensure_ascii=False)
        except BaseException:
            return '{"tag": "e", "message": "The result could not be reported"}'

    def run_stdio(code, input_text, max_output, max_log):
        # The stdio form (decision 1087): the program runs as __main__ with the case's input as its stdin (input(),
        # sys.stdin, sys.stdin.buffer); what it prints on stdout is the answer, its stderr the log; sys.exit(n) ends it.
        set_signal(SIGINT, default_int_handler)
        reseed()
        out, err = Capture(max_output), Capture(max_log)
        out.buffer, err.buffer = Bytes(out), Bytes(err)
        stdin = TextIOWrapper(BytesIO(input_text.encode('utf-8')), encoding='utf-8')

        def program():
            try:
                exec_(program_of(code), {'__name__': '__main__', '__builtins__': builtins})
                return {'tag': 's', 'exit': 0}
            except SystemExit as error:
                status = error.code
                if status is not None and not isinstance(status, int):
                    err.write(f'{status}\\n')
                    status = 1
                return {'tag': 's', 'exit': int(status or 0)}

        saved = sys.stdin, sys.stdout, sys.stderr
        sys.stdin, sys.stdout, sys.stderr = stdin, out, err
        try:
            result = settled(program, code)
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved
        if result.get('tag') == 's':
            if out.cut:
                result = {'tag': 'e', 'message': f'Output limit exceeded: the program printed more than {max_output} characters'}
            else:
                result['text'] = out.text()
        return reported(result, err)

    def run_case(code, function_name, args_json, max_output, max_log):
        # An earlier case may have ignored SIGINT: each case starts interruptible again.
        set_signal(SIGINT, default_int_handler)
        reseed()
        capture = Capture(max_log)

        def call():
            namespace = {'__name__': '__main__', '__builtins__': builtins}
            exec_(program_of(code), namespace)
            function = namespace.get(function_name)
            if not callable_(function):
                return {'tag': 'e', 'message': f'NameError: function {function_name} is not defined (the code must define a function named {function_name})'}
            value = function(*loads(args_json))
            try:
                check_keys(value)
                text = dumps(value, allow_nan=False, ensure_ascii=False, separators=(',', ':'))
            except (TypeError, ValueError, RecursionError) as error:
                return {'tag': 'e', 'message': clip('The return value is not JSON-serializable: ' + describe(error))}
            return {'tag': 'o'} if len(text) > max_output else {'tag': 'v', 'json': text, 'repr': clip(repr_(loads(text)), max_output)}

        saved = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = capture
        try:
            result = settled(call, code)
        finally:
            sys.stdout, sys.stderr = saved
        return reported(result, capture)

    harness = run_case, _assay_lockdown(), run_stdio
    names = globals()
    del names['_assay_setup'], names['_assay_lockdown']
    return harness

_assay_setup()
`;
