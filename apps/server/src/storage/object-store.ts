import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where attachment bytes live (spec 02 §3.2 oss). Keys are made by the server only: on the
 * local disk `{tenantId}/{bucket}/{yyyymmdd}/{id}.{ext}` (the bucket is a folder), in a
 * remote bucket `{tenantId}/{yyyymmdd}/{id}.{ext}`. Each `ossCategory` has its store in
 * modules/resource/stores.ts: this local disk, or the S3 store of s3-store.ts.
 */
export interface ObjectStore {
  /** Writes the stream under `key`; nothing is left behind when the stream fails. */
  put(key: string, content: Readable, options?: PutOptions): Promise<void>;
  /** The bytes under `key` (with their size when the store tells it), or undefined when there are none. */
  get(key: string): Promise<{ stream: Readable; size: number | undefined } | undefined>;
  /** Deletes `key`; a key already gone is not an error. */
  remove(key: string): Promise<void>;
}

export interface PutOptions {
  /** The media type a remote store keeps with the object (the local disk has no use for it). */
  contentType?: string;
}

/** A key the server made: plain segments, no `.` or `..`, nothing absolute. */
const keyPattern = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*(\/[A-Za-z0-9_-]+\.[a-z0-9]{1,16})?$/;

/** The local-disk store: files under one root folder, which no key can leave. */
export class LocalDiskStore implements ObjectStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!keyPattern.test(key)) throw new Error(`not an object key: ${key}`);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`key outside the store: ${key}`);
    return full;
  }

  async put(key: string, content: Readable): Promise<void> {
    const full = this.pathOf(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    // Written beside its place and renamed when complete, so a broken upload is never read.
    const partial = `${full}.part`;
    try {
      await pipeline(content, fs.createWriteStream(partial, { flags: 'wx' }));
      await fsp.rename(partial, full);
    } catch (error) {
      await fsp.rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    const full = this.pathOf(key);
    try {
      const stat = await fsp.stat(full);
      if (!stat.isFile()) return undefined;
      return { stream: fs.createReadStream(full), size: stat.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
}
