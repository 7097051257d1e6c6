import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rustLink } from '../../src/native/languages/rust-link.js';

/** Decision 1501: on Debian's x86-64 toolchain, rustc runs gold itself with the start files gcc would have passed. */
describe('how a Rust program is linked', () => {
  it("runs gold itself, with gcc's own start and end files, each of which exists", async () => {
    const { flags, rpath } = await rustLink();
    expect(flags).toEqual(expect.arrayContaining(['linker=/usr/bin/ld.gold', 'linker-flavor=ld']));
    const files = flags.filter((flag) => flag.startsWith('link-arg=/')).map((flag) => flag.slice('link-arg='.length));
    expect(files.map((file) => file.slice(file.lastIndexOf('/') + 1))).toEqual([
      'ld-linux-x86-64.so.2',
      'Scrt1.o',
      'crti.o',
      'crtbeginS.o',
      'crtendS.o',
      'crtn.o',
    ]);
    for (const file of files) expect(existsSync(file), file).toBe(true);
    expect(rpath('/assay-rust')).toEqual(['-C', 'link-arg=-rpath=/assay-rust']);
  });
});
