import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants as zlibConstants, gunzip, gzip } from 'node:zlib';
import type { AssetVersions } from './pages.js';

/**
 * The entry files of the candidate page's bundle: the page shell links them with their content hash (`?v=`).
 * Nothing works without them.
 */
export const ENTRY_FILES = ['candidate.js', 'candidate.css'] as const;
export type EntryFile = (typeof ENTRY_FILES)[number];

/**
 * The other files a bundle may hold: the entries' source maps, and the chunks the page imports when it needs
 * them (`editor-HASH.js`), whose names carry their content hash. Precompressed copies (`.br`, `.gz`) are read
 * with their file, never served by name; nothing else in the directory is reachable.
 */
const SERVABLE = /^[A-Za-z0-9_-]+\.(js|css)(\.map)?$/;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export interface LoadedAsset {
  readonly type: string;
  readonly hash: string;
  /** An entry (versioned by `?v=`), or a chunk or map. */
  readonly entry: boolean;
  readonly identity: Buffer;
  readonly gzip: Buffer | null;
  readonly br: Buffer | null;
}

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * The build writes `NAME.br` and `NAME.gz` at the highest settings; they are used when they decompress to the
 * file itself, otherwise the file is compressed here, quickly, off the event loop.
 */
const compressed = async (
  file: string,
  identity: Buffer,
  decompress: (input: Buffer) => Promise<Buffer>,
  compress: (input: Buffer) => Promise<Buffer>,
): Promise<Buffer> => {
  try {
    const stored = await readFile(file);
    if ((await decompress(stored)).equals(identity)) return stored;
  } catch {
    // Not there, or not this file's: make it.
  }
  return compress(identity);
};

const hashOf = (content: Buffer): string => createHash('sha256').update(content).digest('hex').slice(0, 16);

/**
 * The bundle, read and compressed once. Each page view checks (two `stat`s) that the entry files are the ones
 * loaded: a missing bundle is looked for again, and a rebuilt one is picked up, without a restart. A rebuild
 * that changes a chunk changes the entry that imports it by its hashed name, so the entries' stamp suffices.
 */
export class Bundle {
  private loaded: Map<string, LoadedAsset> | null = null;
  private loadedStamp = '';
  private loading: Promise<Map<string, LoadedAsset> | null> | null = null;

  constructor(readonly dir: string) {}

  async get(): Promise<Map<string, LoadedAsset> | null> {
    if (this.loaded) return this.loaded;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  async versions(): Promise<AssetVersions | null> {
    if (this.loaded && (await this.stamp()) !== this.loadedStamp) this.loaded = null;
    const assets = await this.get();
    const js = assets?.get('candidate.js');
    const css = assets?.get('candidate.css');
    return js && css ? { js: js.hash, css: css.hash } : null;
  }

  /** Size and modification time of the entry files; '' when one is missing. */
  private async stamp(): Promise<string> {
    const parts: string[] = [];
    for (const name of ENTRY_FILES) {
      try {
        const info = await stat(path.join(this.dir, name));
        parts.push(`${name}:${info.size}:${info.mtimeMs}`);
      } catch {
        return '';
      }
    }
    return parts.join('|');
  }

  private async load(): Promise<Map<string, LoadedAsset> | null> {
    const stampBefore = await this.stamp();
    if (!stampBefore) return null;
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter((name) => SERVABLE.test(name));
    const assets = new Map<string, LoadedAsset>();
    for (const name of names) {
      const file = path.join(this.dir, name);
      let identity: Buffer;
      try {
        identity = await readFile(file);
      } catch {
        // Gone while reading (a rebuild): an entry missing means no bundle; the stamp check reloads.
        if ((ENTRY_FILES as readonly string[]).includes(name)) return null;
        continue;
      }
      const compress = !name.endsWith('.map');
      assets.set(name, {
        type: TYPES[path.extname(name)] ?? 'application/octet-stream',
        hash: hashOf(identity),
        entry: (ENTRY_FILES as readonly string[]).includes(name),
        identity,
        br: compress
          ? await compressed(`${file}.br`, identity, unbrotli, (input) => brotli(input, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }))
          : null,
        gzip: compress ? await compressed(`${file}.gz`, identity, gunzipAsync, (input) => gzipAsync(input, { level: 6 })) : null,
      });
    }
    if (!ENTRY_FILES.every((name) => assets.has(name))) return null;
    // Rewritten while being read: serve what was read, and read again on the next page view.
    this.loadedStamp = (await this.stamp()) === stampBefore ? stampBefore : '';
    this.loaded = assets;
    return assets;
  }
}
