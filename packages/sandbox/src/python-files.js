// @ts-check
/**
 * The interpreter's file system as it was once the interpreter was ready, and the way back to it after each run.
 *
 * Emscripten keeps the file system on the JavaScript side, outside the WebAssembly memory the memory reset copies
 * back: the tree of nodes (MEMFS directories and files, /dev, /proc), the table of open files (streams, with their
 * positions), the working directory, the hash table that finds nodes by name, the inode counter and the
 * terminals' line buffers. All of it is captured once and put back in place after every run, whatever the run
 * did (wrote, deleted, renamed, chmod-ed, opened and left open, changed directory).
 *
 * The one large thing in it, the 2.5 MB standard library zip, is never copied: a write to a file that existed at
 * capture first moves that file's bytes to a copy (copy on write), so restoring a file is putting its original
 * array back, and a run that writes no file costs nothing here.
 *
 * Files live in JavaScript memory, which the WebAssembly memory cap does not see, so the bytes a run adds to
 * files (writing past an end, truncating upwards) are capped per run; past the cap the write fails with ENOSPC
 * ("No space left on device").
 */

/** @typedef {{ node: any, props: [string, unknown][], keys: Set<string>, contents?: { object: any, entries: [string, unknown][] } }} SavedNode */
/** @typedef {{ stream: any, props: [string, unknown][], keys: Set<string>, shared?: [string, unknown][] }} SavedStream */

/** Own data properties of an object (accessors stay as they are). @param {object} target @returns {[string, unknown][]} */
function ownData(target) {
  /** @type {[string, unknown][]} */
  const props = [];
  for (const key of Object.getOwnPropertyNames(target)) {
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (descriptor && 'value' in descriptor) props.push([key, descriptor.value]);
  }
  return props;
}

/** @param {any} target @param {[string, unknown][]} props @param {Set<string>} keys */
function putBack(target, props, keys) {
  for (const key of Object.keys(target)) if (!keys.has(key)) delete target[key];
  for (const [key, value] of props) target[key] = value;
}

/**
 * Captures the file system of an interpreter that is ready (no candidate code has run) and starts watching
 * writes. `startRun(budgetBytes)` opens a run's file budget; `restore()` puts everything back.
 * @param {any} module Pyodide's Emscripten module
 */
export function watchFiles(module) {
  const { FS, MEMFS, TTY, PIPEFS, SOCKFS } = module;
  const ENOSPC = Number(module.ERRNO_CODES?.ENOSPC);
  const fileOps = MEMFS?.ops_table?.file;
  if (!FS?.root || !Array.isArray(FS.streams) || !Array.isArray(FS.nameTable) || !fileOps?.stream?.write || !fileOps?.node?.setattr || !TTY?.ttys) {
    throw new Error('Pyodide: the Emscripten file system is not laid out as the reset expects');
  }
  if (!Number.isInteger(ENOSPC)) throw new Error('Pyodide: no ENOSPC errno');

  /** @type {SavedNode[]} */
  const nodes = [];
  /** Byte arrays of the files that existed at capture: never written in place (copy on write). */
  const originals = new Set();
  const seen = new Set();
  /** @param {any} node */
  const visit = (node) => {
    if (seen.has(node)) return;
    seen.add(node);
    const props = ownData(node);
    /** @type {SavedNode} */
    const saved = { node, props, keys: new Set(props.map(([key]) => key)) };
    if (FS.isDir(node.mode) && node.contents !== null && typeof node.contents === 'object' && !ArrayBuffer.isView(node.contents)) {
      saved.contents = { object: node.contents, entries: Object.entries(node.contents) };
      for (const [, child] of saved.contents.entries) visit(child);
    } else if (FS.isFile(node.mode) && ArrayBuffer.isView(node.contents)) {
      originals.add(node.contents);
    }
    if (node.mounted?.root) visit(node.mounted.root);
    nodes.push(saved);
  };
  visit(FS.root);

  const streams = FS.streams;
  /** @type {(SavedStream | null | undefined)[]} */
  const savedStreams = streams.map((/** @type {any} */ stream) => {
    if (!stream) return stream;
    const props = ownData(stream);
    return { stream, props, keys: new Set(props.map(([key]) => key)), ...(stream.shared ? { shared: ownData(stream.shared) } : {}) };
  });
  const nameTable = FS.nameTable.slice();
  const scalars = { currentPath: FS.currentPath, nextInode: FS.nextInode };
  const ttys = Object.entries(TTY.ttys).map(([device, tty]) => ({ device, tty, props: ownData(/** @type {object} */ (tty)) }));
  const ttyKeys = new Set(ttys.map(({ device }) => device));
  const counters = [PIPEFS?.nextname, SOCKFS?.nextname].filter(Boolean).map((counter) => ({ counter, current: counter.current }));

  let budget = 0;
  let added = 0;
  /** @param {number} bytes */
  const charge = (bytes) => {
    if (bytes <= 0) return;
    if (added + bytes > budget) throw new FS.ErrnoError(ENOSPC);
    added += bytes;
  };
  const write = MEMFS.stream_ops.write;
  /** @this {unknown} @param {any} stream @param {any} buffer @param {number} offset @param {number} length @param {number} position @param {boolean} canOwn */
  function watchedWrite(stream, buffer, offset, length, position, canOwn) {
    const node = stream.node;
    charge(position + length - node.usedBytes);
    if (originals.has(node.contents)) node.contents = node.contents.slice();
    return Reflect.apply(write, this, [stream, buffer, offset, length, position, canOwn]);
  }
  // msync (a written mmap) calls MEMFS.stream_ops.write; open files call the ops table's copy.
  MEMFS.stream_ops.write = watchedWrite;
  fileOps.stream.write = watchedWrite;
  const setattr = fileOps.node.setattr;
  fileOps.node.setattr = function watchedSetattr(/** @type {any} */ node, /** @type {any} */ attr) {
    if (attr && attr.size !== undefined) charge(Number(attr.size) - node.usedBytes);
    return Reflect.apply(setattr, this, [node, attr]);
  };

  return {
    /** A run may add `budgetBytes` to files in all. @param {number} budgetBytes */
    startRun(budgetBytes) {
      budget = budgetBytes;
      added = 0;
    },
    /** Puts the file system back as it was captured. */
    restore() {
      for (const { node, props, keys, contents } of nodes) {
        putBack(node, props, keys);
        if (contents) {
          const { object, entries } = contents;
          for (const name of Object.keys(object)) delete object[name];
          for (const [name, child] of entries) object[name] = child;
        }
      }
      FS.streams = streams;
      streams.length = 0;
      for (const saved of savedStreams) {
        if (saved) {
          putBack(saved.stream, saved.props, saved.keys);
          if (saved.shared) for (const [key, value] of saved.shared) saved.stream.shared[key] = value;
        }
        streams.push(saved ? saved.stream : saved);
      }
      FS.nameTable = nameTable.slice();
      FS.currentPath = scalars.currentPath;
      FS.nextInode = scalars.nextInode;
      for (const device of Object.keys(TTY.ttys)) if (!ttyKeys.has(device)) delete TTY.ttys[device];
      for (const { device, tty, props } of ttys) {
        TTY.ttys[device] = tty;
        // The line buffers are arrays: give each run empty (pristine) ones, never the previous run's.
        for (const [key, value] of props) tty[key] = Array.isArray(value) ? value.slice() : value;
      }
      for (const { counter, current } of counters) counter.current = current;
      added = 0;
    },
  };
}
