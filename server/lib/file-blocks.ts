import fsp from 'node:fs/promises';
import type fs from 'node:fs';
import { Readable } from 'node:stream';

/**
 * A memory cache of file blocks for the files a whole class reads at once (HLS segments, documents, slides,
 * page images, small videos): a range answer is then written from memory with no file system call but the
 * stat that the validators need anyway. Measured here, reading a 1 MiB range through fs.createReadStream costs
 * 16 reads of 64 KB on the thread pool, which is most of the CPU a range costs (scripts/bench/files.mjs).
 *
 * Blocks are keyed by path, inode, size and mtime, so a file replaced on disk is never answered from old
 * blocks. Least recently used blocks go first once the budget is spent. Files over FILE_LIMIT (long originals,
 * read once per viewer) are not cached: they stream from disk and do not push the shared blocks out.
 */
export const BLOCK_SIZE = 256 * 1024;
const FILE_LIMIT = 64 * 1024 * 1024;

export class BlockCache {
  private readonly blocks = new Map<string, Buffer>();
  private readonly loading = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly budgetBytes: number) {}

  /** Whether ranges of this file are served through the cache. */
  accepts(stat: fs.Stats): boolean {
    return this.budgetBytes > 0 && stat.size <= FILE_LIMIT && stat.size <= this.budgetBytes / 4;
  }

  /** The bytes start..end (inclusive) of the file as a stream of cached block slices, reading missing blocks. */
  stream(file: string, stat: fs.Stats, start: number, end: number): Readable {
    const cache = this;
    const prefix = `${file}\0${stat.ino}\0${stat.size}\0${stat.mtimeMs}\0`;
    async function* slices() {
      let handle: fsp.FileHandle | null = null;
      try {
        for (let index = Math.floor(start / BLOCK_SIZE); index * BLOCK_SIZE <= end; index++) {
          const blockStart = index * BLOCK_SIZE;
          const key = prefix + index;
          let block = cache.get(key);
          if (!block) {
            let pending = cache.loading.get(key);
            if (!pending) {
              handle ??= await fsp.open(file, 'r');
              pending = cache.load(handle, key, blockStart, Math.min(BLOCK_SIZE, stat.size - blockStart));
            }
            block = await pending;
          }
          const from = Math.max(0, start - blockStart);
          const to = Math.min(block.length, end - blockStart + 1);
          yield block.subarray(from, to);
        }
      } finally {
        await handle?.close();
      }
    }
    return Readable.from(slices(), { objectMode: false });
  }

  private get(key: string): Buffer | undefined {
    const block = this.blocks.get(key);
    if (block) {
      // Most recently used last: a Map keeps insertion order.
      this.blocks.delete(key);
      this.blocks.set(key, block);
    }
    return block;
  }

  private load(handle: fsp.FileHandle, key: string, position: number, length: number): Promise<Buffer> {
    const pending = (async () => {
      const block = Buffer.allocUnsafeSlow(length);
      let read = 0;
      while (read < length) {
        const { bytesRead } = await handle.read(block, read, length - read, position + read);
        if (bytesRead === 0) throw new Error('file shorter than its size');
        read += bytesRead;
      }
      this.store(key, block);
      return block;
    })();
    this.loading.set(key, pending);
    const forget = () => this.loading.delete(key);
    pending.then(forget, forget);
    return pending;
  }

  private store(key: string, block: Buffer): void {
    this.blocks.set(key, block);
    this.bytes += block.length;
    for (const [oldKey, oldBlock] of this.blocks) {
      if (this.bytes <= this.budgetBytes) break;
      this.blocks.delete(oldKey);
      this.bytes -= oldBlock.length;
    }
  }

  /** Cached bytes (for tests and logs). */
  get size(): number {
    return this.bytes;
  }
}
