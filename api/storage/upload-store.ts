/**
 * Where uploaded bytes live: once per content, named by their SHA-256 (docs/decisions/021-postgresql.md). The
 * rows (api/services/uploads.ts) decide what is kept; a store only holds bytes. Today's store is the local disk
 * under UPLOAD_DIR (./disk-upload-store.ts, a shared volume when several processes run); an object store
 * implements the same calls (a temporary object or multipart upload, a copy under the hash, a ranged GET).
 */

/** Bytes start..end, both inclusive (as in a Content-Range header). */
export type ByteRange = { start: number; end: number };

/** A file being received: written chunk by chunk, then committed under its hash or discarded. */
export interface TempUpload {
  /** Appends a chunk (awaited: the caller's backpressure). */
  write(chunk: Buffer): Promise<void>;
  /** Done writing; the bytes wait for commit or discard. */
  close(): Promise<void>;
}

export interface UploadStore {
  /** A new temporary file, invisible under any hash until commit. */
  createTemp(): Promise<TempUpload>;
  /**
   * Keeps a closed temporary file as the content `sha256`; when that content is already stored, the temporary
   * file is dropped instead (same hash, same bytes). Called once the row that needs it is committed.
   */
  commit(temp: TempUpload, sha256: string): Promise<void>;
  /** Drops a temporary file (a refused upload), written to or not. */
  discard(temp: TempUpload): Promise<void>;
  /** The stored content's size in bytes, or null when it is not stored. */
  size(sha256: string): Promise<number | null>;
  /** The whole content, or null when it is not stored. */
  read(sha256: string): Promise<Uint8Array | null>;
  /**
   * The bytes of a range as a Web stream, opened at the first read and released at the end or on cancel; the
   * stream errors if the content is shorter than the range.
   */
  readRange(sha256: string, range: ByteRange): ReadableStream<Uint8Array>;
  /** Drops the content; nothing happens when it is not stored. Called once no row names it. */
  remove(sha256: string): Promise<void>;
}
