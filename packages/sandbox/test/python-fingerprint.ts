/**
 * Python code (a function `f()`) that returns what the next candidate can observe of an interpreter: the module
 * set, builtins and modules by identity, every file (mode, size, time, contents), open fds, cwd, environment,
 * umask, interpreter settings and the number of allocated memory blocks. Two interpreters in the same state
 * give the same fingerprint.
 */
export const FINGERPRINT = `
import builtins, gc, hashlib, os, signal, sys

def listing():
    found = []
    for root, dirs, files in os.walk('/'):
        # /proc is Emscripten's: open fds are listed below, the rest cannot be stat-ed.
        dirs[:] = sorted(name for name in dirs if root != '/' or name != 'proc')
        for name in sorted(dirs + files):
            path = os.path.join(root, name)
            info = os.lstat(path)
            entry = [path, info.st_mode, info.st_size, int(info.st_mtime)]
            if os.path.isfile(path) and not os.path.islink(path):
                with open(path, 'rb') as file:
                    entry.append(hashlib.sha256(file.read()).hexdigest())
            found.append(entry)
    return found

def f():
    umask = os.umask(0o22)
    os.umask(umask)
    return {
        'modules': sorted(sys.modules),
        'builtins': sorted((name, id(value)) for name, value in vars(builtins).items()),
        'module ids': sorted((name, id(module)) for name, module in sys.modules.items()),
        'main': sorted(vars(sys.modules['__main__'])),
        'files': listing(),
        'fds': sorted(os.listdir('/proc/self/fd')),
        'cwd': os.getcwd(),
        'env': dict(os.environ),
        'umask': umask,
        'sys': [sys.getrecursionlimit(), list(sys.path), [repr(finder) for finder in sys.meta_path], sys.flags.optimize, gc.isenabled()],
        'heap blocks': sys.getallocatedblocks(),
    }
`;
