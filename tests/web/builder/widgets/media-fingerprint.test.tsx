import { describe, expect, it } from "vitest";
import type { UploadedMedia } from "../../../../web/src/builder/form-context";
import { fileProblem, maxFilesOf } from "../../../../web/src/builder/widgets/media-files";
import {
  DUPLICATE_END_BYTES,
  endBytes,
  fingerprint,
  type UploadCache,
  uploadOnce,
} from "../../../../web/src/builder/widgets/media-fingerprint";

function bytes(size: number, at?: { index: number; value: number }): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(new ArrayBuffer(size)).map((_, i) => i % 251);
  if (at) data[at.index] = at.value;
  return data;
}

const file = (data: Uint8Array<ArrayBuffer>, name = "a.jpg", type = "image/jpeg") =>
  new File([data], name, { type });

describe("endBytes", () => {
  it("reads half of a file of 200 000 bytes or less from each end, so the whole file is compared", () => {
    expect(endBytes(10)).toBe(5);
    expect(endBytes(11)).toBe(6);
    expect(endBytes(200_000)).toBe(100_000);
  });

  it("reads 100 000 bytes from each end of a larger file", () => {
    expect(endBytes(200_001)).toBe(DUPLICATE_END_BYTES);
    expect(endBytes(50_000_000)).toBe(100_000);
  });
});

describe("fingerprint", () => {
  it("is the same for two files with the same bytes, whatever their names", async () => {
    const data = bytes(1234);
    expect(await fingerprint(file(data, "one.jpg"))).toBe(await fingerprint(file(data, "two.jpg")));
  });

  it("differs when a byte differs in a small file, wherever it is", async () => {
    const a = await fingerprint(file(bytes(150_000)));
    const b = await fingerprint(file(bytes(150_000, { index: 75_000, value: 7 })));
    expect(a).not.toBe(b);
  });

  it("differs when the size differs", async () => {
    expect(await fingerprint(file(bytes(1000)))).not.toBe(await fingerprint(file(bytes(1001))));
  });

  it("differs when the first or the last 100 000 bytes of a large file differ", async () => {
    const size = 300_000;
    const base = await fingerprint(file(bytes(size)));
    expect(await fingerprint(file(bytes(size, { index: 99_999, value: 3 })))).not.toBe(base);
    expect(await fingerprint(file(bytes(size, { index: size - 100_000, value: 3 })))).not.toBe(base);
  });

  it("treats large files that differ only in the middle as the same file (the spec's check reads the ends)", async () => {
    const size = 300_000;
    const a = await fingerprint(file(bytes(size)));
    const b = await fingerprint(file(bytes(size, { index: 150_000, value: 9 })));
    expect(a).toBe(b);
  });
});

describe("uploadOnce", () => {
  const answer = (uuid: string, f: File): UploadedMedia => ({ uuid, mime: f.type, size: f.size });

  it("uploads a new file and reuses its uuid for a duplicate without uploading again", async () => {
    const cache: UploadCache = new Map();
    const sent: string[] = [];
    const upload = async (f: File) => {
      sent.push(f.name);
      return answer(`uuid-${sent.length}`, f);
    };
    const first = await uploadOnce(file(bytes(500), "a.jpg"), cache, upload);
    const again = await uploadOnce(file(bytes(500), "copy of a.jpg"), cache, upload);
    expect(first).toEqual({ media: { uuid: "uuid-1", mime: "image/jpeg", size: 500 }, reused: false });
    expect(again).toEqual({ media: { uuid: "uuid-1", mime: "image/jpeg", size: 500 }, reused: true });
    expect(sent).toEqual(["a.jpg"]);
  });

  it("sends two copies dropped together once", async () => {
    const cache: UploadCache = new Map();
    let calls = 0;
    const upload = async (f: File) => {
      calls += 1;
      return answer("uuid-x", f);
    };
    const [a, b] = await Promise.all([
      uploadOnce(file(bytes(64)), cache, upload),
      uploadOnce(file(bytes(64)), cache, upload),
    ]);
    expect(calls).toBe(1);
    expect(a.media.uuid).toBe(b.media.uuid);
  });

  it("forgets a failed upload, so the same file is uploaded again next time", async () => {
    const cache: UploadCache = new Map();
    let calls = 0;
    const upload = async (f: File) => {
      calls += 1;
      if (calls === 1) throw new Error("offline");
      return answer("uuid-2", f);
    };
    await expect(uploadOnce(file(bytes(10)), cache, upload)).rejects.toThrow("offline");
    expect((await uploadOnce(file(bytes(10)), cache, upload)).reused).toBe(false);
    expect(calls).toBe(2);
  });
});

describe("media files", () => {
  it("accepts jpeg, png, gif and mp4 and refuses other types", () => {
    for (const type of ["image/jpeg", "image/png", "image/gif", "video/mp4"]) {
      expect(fileProblem(new File(["x"], "f", { type }))).toBeNull();
    }
    expect(fileProblem(new File(["x"], "f.webp", { type: "image/webp" }))).toBe("type");
    expect(fileProblem(new File(["x"], "f.exe", { type: "application/octet-stream" }))).toBe("type");
  });

  it("refuses a file over the size cap", () => {
    expect(fileProblem(new File([new Uint8Array(11)], "f.png", { type: "image/png" }), 10)).toBe("size");
  });

  it("reads the slot's maximum from the pub_media rule (4 by default, 1 for private messages)", () => {
    expect(maxFilesOf("pub_media")).toBe(4);
    expect(maxFilesOf("pub_media:1")).toBe(1);
    expect(maxFilesOf(undefined)).toBe(4);
  });
});
