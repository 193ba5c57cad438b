/**
 * Client-side duplicate detection of uploads (app-shell.md §5 and §9, contest-builder.md §7): two files are the
 * same when they have the same size and the same first and last 100 000 bytes — half the file from each end when
 * it is 200 000 bytes or less, so a small file is compared whole. A duplicate is not uploaded again: its uuid is
 * reused. (The server also stores a content once per team; this check saves the transfer.)
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import constants from "../../../../schemas/constants.json";
import type { UploadedMedia } from "../form-context";

export const DUPLICATE_END_BYTES = constants.uploads.duplicate_check_end_bytes;
export const HALF_FILE_UP_TO_BYTES = constants.uploads.duplicate_check_half_file_up_to_bytes;

/** How many bytes are read from each end of a file of `size` bytes. */
export function endBytes(size: number): number {
  return size <= HALF_FILE_UP_TO_BYTES ? Math.ceil(size / 2) : DUPLICATE_END_BYTES;
}

async function digest(blob: Blob): Promise<string> {
  return bytesToHex(sha256(new Uint8Array(await blob.arrayBuffer())));
}

/**
 * A file's fingerprint: its size and the digests of its first and last bytes. Equal fingerprints mean equal size
 * and equal end bytes (up to a SHA-256 collision), which is the spec's definition of a duplicate.
 */
export async function fingerprint(file: Blob): Promise<string> {
  const n = endBytes(file.size);
  const [head, tail] = await Promise.all([
    digest(file.slice(0, n)),
    digest(file.slice(file.size - n, file.size)),
  ]);
  return `${file.size}:${head}:${tail}`;
}

/** Uploads already made (or under way) by fingerprint, so the same file is sent once. */
export type UploadCache = Map<string, Promise<UploadedMedia>>;

const caches = new Map<string, UploadCache>();

/** One cache per team: a uuid belongs to the team that uploaded it. */
export function uploadCacheFor(teamId: string): UploadCache {
  let cache = caches.get(teamId);
  if (!cache) {
    cache = new Map();
    caches.set(teamId, cache);
  }
  return cache;
}

/**
 * Uploads a file unless the same file was uploaded (or is being uploaded) already; then the earlier upload's
 * answer is reused and `reused` is true. A failed upload is forgotten, so trying again uploads again.
 */
export async function uploadOnce(
  file: File,
  cache: UploadCache,
  upload: (file: File, onProgress?: (sent: number, total: number) => void) => Promise<UploadedMedia>,
  onProgress?: (sent: number, total: number) => void,
): Promise<{ media: UploadedMedia; reused: boolean }> {
  const key = await fingerprint(file);
  const known = cache.get(key);
  if (known) return { media: await known, reused: true };
  const pending = upload(file, onProgress);
  cache.set(key, pending);
  try {
    return { media: await pending, reused: false };
  } catch (err) {
    cache.delete(key);
    throw err;
  }
}
