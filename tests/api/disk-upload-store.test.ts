/**
 * The upload store on the local disk (api/storage/disk-upload-store.ts), on a real folder: what the upload
 * routes rely on, without HTTP or a database.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { diskUploadStore } from "../../api/storage/disk-upload-store";
import type { TempUpload, UploadStore } from "../../api/storage/upload-store";

let dir: string;
let store: UploadStore;
beforeEach(() => {
  dir = path.join(mkdtempSync(path.join(tmpdir(), "fairdraw-store-")), "uploads");
  store = diskUploadStore(dir);
});
afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");
const files = () => readdirSync(dir).sort();

async function received(chunks: string[]): Promise<{ temp: TempUpload; bytes: Buffer }> {
  const temp = await store.createTemp();
  for (const chunk of chunks) await temp.write(Buffer.from(chunk));
  await temp.close();
  return { temp, bytes: Buffer.from(chunks.join("")) };
}

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return Buffer.from(await new Response(stream).arrayBuffer()).toString();
}

describe("the disk upload store", () => {
  it("keeps a received file under its hash: nothing under the hash before commit, the temporary file gone after", async () => {
    const { temp, bytes } = await received(["hello, ", "world"]);
    const hash = sha256(bytes);
    expect(files()).toEqual([expect.stringMatching(/^\.upload-[0-9a-f]{24}$/)]);
    expect(await store.size(hash)).toBeNull();
    expect(await store.read(hash)).toBeNull();

    await store.commit(temp, hash);
    expect(files()).toEqual([hash]);
    expect(readFileSync(path.join(dir, hash))).toEqual(bytes);
    expect(await store.size(hash)).toBe(bytes.length);
    expect(Buffer.from((await store.read(hash)) ?? [])).toEqual(bytes);
  });

  it("commits the same content twice as one file, the second temporary file dropped and the first bytes kept", async () => {
    const one = await received(["same bytes"]);
    const hash = sha256(one.bytes);
    await store.commit(one.temp, hash);
    const before = statSync(path.join(dir, hash)).ino;
    const two = await received(["same ", "bytes"]);
    await store.commit(two.temp, hash);
    expect(files()).toEqual([hash]);
    // The stored file itself, not replaced by the second one.
    expect(statSync(path.join(dir, hash)).ino).toBe(before);
    expect(readFileSync(path.join(dir, hash))).toEqual(one.bytes);
  });

  it("discards a temporary file, written to, still open, or never written", async () => {
    const closed = await received(["refused"]);
    await store.discard(closed.temp);
    const open = await store.createTemp();
    await open.write(Buffer.from("half a file"));
    await store.discard(open);
    await store.discard(await store.createTemp());
    expect(files()).toEqual([]);
  });

  it("reads a range, inclusive at both ends, across its 64 KB chunks", async () => {
    const big = Buffer.alloc(200 * 1024, "abcdefghij");
    const temp = await store.createTemp();
    await temp.write(big);
    await temp.close();
    const hash = sha256(big);
    await store.commit(temp, hash);
    expect(await text(store.readRange(hash, { start: 2, end: 4 }))).toBe("cde");
    expect(await text(store.readRange(hash, { start: 0, end: 0 }))).toBe("a");
    const middle = { start: 1000, end: 150 * 1024 };
    expect(Buffer.from(await new Response(store.readRange(hash, middle)).arrayBuffer())).toEqual(
      big.subarray(middle.start, middle.end + 1),
    );
    // A range past the stored bytes is an error of the stream, not a short answer.
    await expect(text(store.readRange(hash, { start: big.length - 2, end: big.length + 5 }))).rejects.toThrow(
      "shorter",
    );
  });

  it("removes content, and removing what is not there is no error", async () => {
    const { temp, bytes } = await received(["to be removed"]);
    const hash = sha256(bytes);
    await store.commit(temp, hash);
    await store.remove(hash);
    expect(files()).toEqual([]);
    expect(await store.size(hash)).toBeNull();
    await expect(store.remove(hash)).resolves.toBeUndefined();
  });

  it("refuses a temporary file of another store", async () => {
    const other = diskUploadStore(path.join(path.dirname(dir), "elsewhere"));
    const temp = await other.createTemp();
    await temp.write(Buffer.from("x"));
    await temp.close();
    await expect(store.commit(temp, sha256(Buffer.from("x")))).rejects.toThrow("not a temporary upload");
  });
});
