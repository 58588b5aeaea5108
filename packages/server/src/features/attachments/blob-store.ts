import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobStore } from '../../context';

// The interface lives in context.ts, which holds the runtime's store.
export type { BlobStore } from '../../context';

const SAFE_ID = /^\d{1,32}$/;

function checkedId(id: string): string {
  // Ids are digits made by the server; anything else never becomes a path.
  if (!SAFE_ID.test(id)) throw new Error('invalid blob id');
  return id;
}

/** One file per blob in `dir` (DATA_DIR/blobs by default), named by its id. */
export class FileBlobStore implements BlobStore {
  constructor(readonly dir: string) {}

  pathOf(id: string): string {
    return join(this.dir, checkedId(id));
  }

  async put(id: string, bytes: Uint8Array): Promise<void> {
    const path = this.pathOf(id);
    await mkdir(this.dir, { recursive: true });
    // Written aside, then renamed: a crash never leaves half a blob under the real name.
    const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(id: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(id));
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }
}
