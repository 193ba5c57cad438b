/**
 * The upload store on the local disk: UPLOAD_DIR/<sha256>, one file per content, and `.upload-<random>` files
 * while they are received (same folder, so a commit is an atomic rename).
 *
 * commit and remove do their file work synchronously, within the call: called right after the transaction that
 * needs it, nothing else of this process runs between the database change and the file change, so an upload
 * and a delete of the same content can't interleave and leave a row without its file.
 */
import { randomBytes } from "node:crypto";
import { existsSync, renameSync, unlinkSync } from "node:fs";
import { type FileHandle, mkdir, open, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { ByteRange, TempUpload, UploadStore } from "./upload-store";

class DiskTemp implements TempUpload {
  private handle: FileHandle | null = null;

  constructor(readonly path: string) {}

  async write(chunk: Buffer): Promise<void> {
    // Opened at the first byte, never over an existing file.
    this.handle ??= await open(this.path, "wx", 0o600);
    await this.handle.write(chunk);
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    await handle?.close();
  }
}

function notFound(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === "ENOENT";
}

export function diskUploadStore(dir: string): UploadStore {
  const stored = (sha256: string) => path.join(dir, sha256);
  const temps = new WeakSet<DiskTemp>();
  const ours = (temp: TempUpload): DiskTemp => {
    if (!(temp instanceof DiskTemp) || !temps.has(temp))
      throw new Error("not a temporary upload of this store");
    return temp;
  };
  return {
    async createTemp() {
      await mkdir(dir, { recursive: true });
      const temp = new DiskTemp(path.join(dir, `.upload-${randomBytes(12).toString("hex")}`));
      temps.add(temp);
      return temp;
    },

    async commit(temp, sha256) {
      const from = ours(temp).path;
      const to = stored(sha256);
      if (existsSync(to)) unlinkSync(from);
      else renameSync(from, to);
    },

    async discard(temp) {
      const own = ours(temp);
      await own.close().catch(() => {});
      await rm(own.path, { force: true });
    },

    async size(sha256) {
      try {
        return (await stat(stored(sha256))).size;
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },

    async read(sha256) {
      try {
        return new Uint8Array(await readFile(stored(sha256)));
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },

    readRange(sha256, range) {
      return fileRangeStream(stored(sha256), range);
    },

    async remove(sha256) {
      try {
        unlinkSync(stored(sha256));
      } catch (err) {
        if (!notFound(err)) throw err;
      }
    },
  };
}

/**
 * The bytes start..end (inclusive) of a file as a Web stream. The file is opened at the first read and closed
 * at the end or on cancel, so a response nobody reads holds no file descriptor.
 */
function fileRangeStream(filePath: string, range: ByteRange): ReadableStream<Uint8Array> {
  let handle: FileHandle | null = null;
  let position = range.start;
  const CHUNK = 64 * 1024;
  const close = async () => {
    const current = handle;
    handle = null;
    await current?.close();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const want = Math.min(CHUNK, range.end + 1 - position);
        if (want <= 0) {
          await close();
          controller.close();
          return;
        }
        handle ??= await open(filePath, "r");
        const chunk = Buffer.alloc(want);
        const { bytesRead } = await handle.read(chunk, 0, want, position);
        if (bytesRead === 0) {
          await close();
          controller.error(new Error("the stored file is shorter than its row says"));
          return;
        }
        position += bytesRead;
        controller.enqueue(chunk.subarray(0, bytesRead));
      },
      cancel: close,
    },
    { highWaterMark: 0 },
  );
}
