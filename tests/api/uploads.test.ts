import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../api/db/query";
import { contests, teamMembers, teams, uploads, users } from "../../api/db/tables";
import { newId } from "../../api/ids";
import { type Session, signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
afterEach(() => t.cleanup());

const UPLOAD = "/api/v1/upload";
const BUILDER_UPLOAD = "/api/v1/upload/contest_builder";
const BOUNDARY = "----FairdrawTestBoundary7MA4YWxkTrZu0gW";

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** An MP4 header: an ftyp box (major brand isom) and an empty mdat box. */
function mp4(extra = 0): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from("ftypisom", "latin1"),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from("isomiso2", "latin1"),
  ]);
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(8 + extra, 0);
  mdatHeader.write("mdat", 4, "latin1");
  return Buffer.concat([ftyp, mdatHeader, Buffer.alloc(extra)]);
}

/** A Windows executable's first bytes ("MZ", DOS stub, PE header offset). */
const EXE = (() => {
  const b = Buffer.alloc(512);
  b.write("MZ", 0, "latin1");
  b.writeUInt32LE(0x80, 0x3c);
  b.write("PE\0\0", 0x80, "latin1");
  return b;
})();

type FilePart = { filename: string; type: string; data: Uint8Array };

function multipartHead(file: FilePart, fields: Record<string, string> = {}): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  return Buffer.from(parts.join(""), "utf8");
}
const MULTIPART_TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

function multipart(file: FilePart, fields: Record<string, string> = {}): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.concat([multipartHead(file, fields), file.data, MULTIPART_TAIL]));
}

function headersOf(s: Session | null, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...(s ? { cookie: s.cookie, "x-csrf-token": s.csrf, "x-requested-with": "XMLHttpRequest" } : {}),
    ...extra,
  };
}

async function upload(s: Session | null, file: FilePart, target = UPLOAD): Promise<Response> {
  return t.app.request(target, {
    method: "POST",
    headers: headersOf(s, { "content-type": `multipart/form-data; boundary=${BOUNDARY}` }),
    body: multipart(file),
  });
}

/** A request whose body is a stream (no Content-Length), as a browser sends a large file. */
async function uploadStream(s: Session, body: ReadableStream<Uint8Array>): Promise<Response> {
  const init: RequestInit & { duplex: "half" } = {
    method: "POST",
    headers: headersOf(s, { "content-type": `multipart/form-data; boundary=${BOUNDARY}` }),
    body,
    duplex: "half",
  };
  return t.app.request(new Request(`http://localhost${UPLOAD}`, init));
}

/** The chunks given, one per pull; `pulled` counts how many the server asked for. */
function chunkedStream(chunks: Uint8Array[]) {
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[state.pulled];
      state.pulled++;
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  return { stream, state };
}

function split(data: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < data.length; i += size) out.push(data.subarray(i, i + size));
  return out;
}

const png = (filename = "pixel.png"): FilePart => ({ filename, type: "image/png", data: PNG });

function sha256(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

async function teamIdOf(s: Session): Promise<string> {
  const id = (await first(t.db.select().from(users).where(eq(users.id, s.userId))))?.currentTeamId;
  if (!id) throw new Error("no current team");
  return id;
}

/** Files in UPLOAD_DIR (stored contents and any temporary file left behind). */
function filesOnDisk(): string[] {
  return existsSync(t.env.uploadDir) ? readdirSync(t.env.uploadDir).sort() : [];
}

/** Lowers the builder's media size cap for this app (the default is 200 MB). */
function setMediaMaxSize(bytes: number) {
  const { catalog } = t.deps;
  t.deps.catalog = {
    ...catalog,
    builderConfig: {
      ...catalog.builderConfig,
      limits: { ...catalog.builderConfig.limits, mediaMaxSize: bytes },
    },
  };
}

async function memberWith(teamId: string, email: string, permissions: Record<string, boolean>) {
  const s = await signIn(t, email, email.split("@")[0]);
  await t.db
    .insert(teamMembers)
    .values({ teamId, userId: s.userId, role: "member", permissions, createdAt: new Date().toISOString() });
  await t.db.update(users).set({ currentTeamId: teamId }).where(eq(users.id, s.userId));
  return s;
}

describe("uploading a media file", () => {
  it("stores a real PNG under its SHA-256 and answers its uuid, type and size", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const res = await upload(olive, png());
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ uuid: expect.any(String), mime: "image/png", size: PNG.length });
    expect(body.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    expect(filesOnDisk()).toEqual([sha256(PNG)]);
    expect(readFileSync(path.join(t.env.uploadDir, sha256(PNG)))).toEqual(PNG);
    const row = await first(t.db.select().from(uploads).where(eq(uploads.id, body.uuid)));
    expect(row).toMatchObject({
      teamId: await teamIdOf(olive),
      sha256: sha256(PNG),
      mime: "image/png",
      size: PNG.length,
      originalName: "pixel.png",
      createdBy: olive.userId,
    });
  });

  it("takes an MP4 on the builder's upload call, typed from its ftyp box", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const video = mp4(2000);
    const res = await upload(olive, { filename: "clip.mp4", type: "video/mp4", data: video }, BUILDER_UPLOAD);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ mime: "video/mp4", size: video.length });
  });

  it("goes by the bytes, not the name or the declared type", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const res = await upload(olive, { filename: "photo.jpg", type: "image/jpeg", data: PNG });
    expect(res.status).toBe(201);
    expect((await res.json()).mime).toBe("image/png");
  });

  it("refuses an executable renamed .png and declared image/png with 415, keeping nothing", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const res = await upload(olive, { filename: "holiday.png", type: "image/png", data: EXE });
    expect(res.status).toBe(415);
    expect((await res.json()).error).toBe("unsupportedMediaType");
    expect(await t.db.select().from(uploads)).toEqual([]);
    expect(filesOnDisk()).toEqual([]);
  });

  it("refuses a file of no known type, and an empty one, with 415", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const text = Buffer.from("just some words, not a picture at all\n".repeat(200));
    for (const data of [text, Buffer.alloc(0)]) {
      const res = await upload(olive, { filename: "notes.png", type: "image/png", data });
      expect(res.status).toBe(415);
    }
    expect(filesOnDisk()).toEqual([]);
  });

  it("refuses an executable from its first bytes, without reading the rest of a large body", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const head = multipartHead({ filename: "big.png", type: "image/png", data: EXE });
    const chunk = Buffer.alloc(64 * 1024);
    const body = [head, EXE, ...Array.from({ length: 1000 }, () => chunk), MULTIPART_TAIL];
    const { stream, state } = chunkedStream(body);
    const res = await uploadStream(olive, stream);
    expect(res.status).toBe(415);
    expect(state.pulled).toBeLessThan(10);
    expect(filesOnDisk()).toEqual([]);
  });

  it("finds the boundaries wherever the chunks of the body cut them", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const video = mp4(10_000);
    const whole = multipart(
      { filename: "clip.mp4", type: "video/mp4", data: video },
      { note: "a field before the file" },
    );
    for (const size of [1, 7, 61, 4096]) {
      const res = await uploadStream(olive, chunkedStream(split(whole, size)).stream);
      expect(res.status).toBeLessThan(300);
      expect(await res.json()).toMatchObject({ mime: "video/mp4", size: video.length });
    }
    expect(filesOnDisk()).toEqual([sha256(video)]);
    expect(readFileSync(path.join(t.env.uploadDir, sha256(video)))).toEqual(video);
  });

  it("answers 400 to a body that is not multipart, has no file field, or is cut short", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const json = await olive.call("POST", UPLOAD, { file: "x" });
    expect(json.status).toBe(400);

    const noFile = await t.app.request(UPLOAD, {
      method: "POST",
      headers: headersOf(olive, { "content-type": `multipart/form-data; boundary=${BOUNDARY}` }),
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="other"\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
    });
    expect(noFile.status).toBe(400);

    const whole = multipart(png());
    const cut = await t.app.request(UPLOAD, {
      method: "POST",
      headers: headersOf(olive, { "content-type": `multipart/form-data; boundary=${BOUNDARY}` }),
      body: whole.subarray(0, whole.length - 20),
    });
    expect(cut.status).toBe(400);
    expect(filesOnDisk()).toEqual([]);
  });

  it("stops at the configured size cap with 413, as soon as it is passed, and deletes the partial file", async () => {
    t = await createTestApp();
    setMediaMaxSize(100_000);
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const head = multipartHead({ filename: "long.mp4", type: "video/mp4", data: Buffer.alloc(0) });
    const chunk = Buffer.alloc(16 * 1024);
    // 500 chunks of 16 KiB (8 MB) behind a real MP4 header: the cap is passed within the 8th.
    const { stream, state } = chunkedStream([
      head,
      mp4(),
      ...Array.from({ length: 500 }, () => chunk),
      MULTIPART_TAIL,
    ]);
    const res = await uploadStream(olive, stream);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      error: "payloadTooLarge",
      message: "The file is larger than the 98 KB allowed.",
    });
    expect(state.pulled).toBeLessThan(12);
    expect(filesOnDisk()).toEqual([]);
    expect(await t.db.select().from(uploads)).toEqual([]);

    // A file just under the cap passes.
    const fits = await upload(olive, { filename: "short.mp4", type: "video/mp4", data: mp4(90_000) });
    expect(fits.status).toBe(201);
  });

  it("refuses at once a body whose declared length is past the cap", async () => {
    t = await createTestApp();
    setMediaMaxSize(1000);
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const res = await upload(olive, { filename: "clip.mp4", type: "video/mp4", data: mp4(200_000) });
    expect(res.status).toBe(413);
    expect(filesOnDisk()).toEqual([]);
  });

  it("keeps the same bytes once: the same team gets the same uuid (200), another team its own uuid", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const first = await upload(olive, png("a.png"));
    expect(first.status).toBe(201);
    const { uuid } = await first.json();

    const again = await upload(olive, png("b.png"), BUILDER_UPLOAD);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ uuid, mime: "image/png", size: PNG.length });

    const oscar = await signIn(t, "oscar@other.example", "Oscar");
    const theirs = await upload(oscar, png());
    expect(theirs.status).toBe(201);
    const theirUuid = (await theirs.json()).uuid;
    expect(theirUuid).not.toBe(uuid);

    expect(await t.db.select().from(uploads)).toHaveLength(2);
    expect(filesOnDisk()).toEqual([sha256(PNG)]);
  });

  it("needs a session, a permission to make contests, drafts or templates, and a team that is not frozen", async () => {
    t = await createTestApp();
    expect((await upload(null, png())).status).toBe(401);

    const olive = await signIn(t, "olive@brand.example", "Olive");
    const teamId = await teamIdOf(olive);
    const viewer = await memberWith(teamId, "vic@brand.example", {});
    const refused = await upload(viewer, png());
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("permissionsForbidden");
    const drafter = await memberWith(teamId, "dana@brand.example", { "team.contests.create_drafts": true });
    expect((await upload(drafter, png())).status).toBe(201);

    const csrfLess = await t.app.request(UPLOAD, {
      method: "POST",
      headers: { cookie: olive.cookie, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipart(png()),
    });
    expect(csrfLess.status).toBe(403);

    await t.db.update(teams).set({ frozenLimitDate: "2030-01-01T00:00:00.000Z" }).where(eq(teams.id, teamId));
    expect((await upload(olive, png())).status).toBe(402);
  });

  it("streams 50 MB to disk without holding it in memory", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const fileSize = 50 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x2a);
    const header = mp4();
    let sent = 0;
    let tailSent = false;
    const before = process.memoryUsage().rss;
    let peak = before;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        peak = Math.max(peak, process.memoryUsage().rss);
        if (sent === 0) {
          controller.enqueue(
            Buffer.concat([multipartHead({ filename: "big.mp4", type: "video/mp4", data: header }), header]),
          );
          sent = header.length;
        } else if (sent < fileSize) {
          const n = Math.min(chunk.length, fileSize - sent);
          controller.enqueue(n === chunk.length ? chunk : chunk.subarray(0, n));
          sent += n;
        } else if (!tailSent) {
          controller.enqueue(MULTIPART_TAIL);
          tailSent = true;
        } else controller.close();
      },
    });
    const res = await uploadStream(olive, stream);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ mime: "video/mp4", size: fileSize });
    const growth = peak - before;
    // Buffering the body would add at least its 50 MB, copying every chunk some 25 to 45 MB of garbage;
    // streaming keeps to a few chunks (about 3 MB measured).
    expect(growth).toBeLessThan(20 * 1024 * 1024);
    process.stdout.write(
      `[uploads] 50 MB streamed upload: RSS before ${(before / 1048576).toFixed(1)} MiB, peak growth ${(growth / 1048576).toFixed(1)} MiB\n`,
    );
  }, 30_000);
});

describe("the team's storage quota and upload rate", () => {
  const MB = 1024 * 1024;
  /** Rows standing for media the team already keeps (only their sizes count). */
  async function alreadyKeeps(teamId: string, bytes: number) {
    await t.db.insert(uploads).values({
      id: newId(),
      teamId,
      sha256: sha256(Buffer.from(newId())),
      mime: "video/mp4",
      size: bytes,
      originalName: "old.mp4",
      createdBy: null,
      createdAt: new Date().toISOString(),
    });
  }

  it("refuses a team whose storage is full with 413 before reading a byte of the body", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const teamId = await teamIdOf(olive);
    const limit = (t.deps.catalog.plans.get("basic")?.quotas.storage_mb ?? 0) * MB;
    expect(limit).toBe(100 * MB);
    await alreadyKeeps(teamId, limit);
    const { stream, state } = chunkedStream([multipartHead(png()), PNG, MULTIPART_TAIL]);
    const res = await uploadStream(olive, stream);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      error: "storageQuotaExceeded",
      limit_mb: 100,
      uid: expect.any(String),
    });
    // A ReadableStream fills its queue with one chunk by itself; the server asked for nothing more.
    expect(state.pulled).toBeLessThanOrEqual(1);
    expect(filesOnDisk()).toEqual([]);
    // The quota page shows it full.
    const usage = (await (await olive.call("GET", "/api/v1/teams/current/quotas")).json()).data;
    expect(usage.storage_mb).toEqual({ used: 100, limit: 100 });
  });

  it("stops at the first byte past what the storage has left, and deletes the partial file", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    await alreadyKeeps(await teamIdOf(olive), 100 * MB - 50_000);
    const chunk = Buffer.alloc(16 * 1024);
    const { stream, state } = chunkedStream([
      multipartHead({ filename: "long.mp4", type: "video/mp4", data: Buffer.alloc(0) }),
      mp4(),
      ...Array.from({ length: 100 }, () => chunk),
      MULTIPART_TAIL,
    ]);
    const res = await uploadStream(olive, stream);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe("storageQuotaExceeded");
    expect(state.pulled).toBeLessThan(8);
    expect(filesOnDisk()).toEqual([]);
    // What fits still goes in.
    expect((await upload(olive, png())).status).toBe(201);
  });

  it("limits how many uploads a team makes in an hour (429)", async () => {
    t = await createTestApp({ env: { limits: { "uploads.per_team": "2/1h" } } });
    const olive = await signIn(t, "olive@brand.example", "Olive");
    expect((await upload(olive, png("a.png"))).status).toBe(201);
    expect((await upload(olive, png("b.png"))).status).toBe(200);
    const refused = await upload(olive, png("c.png"));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: "tooManyAttempts", limit: "uploads.per_team" });
  });
});

describe("viewing an upload", () => {
  it("serves the bytes with their type, inline, nosniff and a private cache", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const { uuid } = await (await upload(olive, png())).json();
    const res = await olive.call("GET", `/api/v1/upload/view/${uuid}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toBe("inline; filename*=UTF-8''pixel.png");
    expect(res.headers.get("cache-control")).toMatch(/^private\b/);
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-length")).toBe(String(PNG.length));
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);

    const etag = res.headers.get("etag") ?? "";
    const cached = await olive.call("GET", `/api/v1/upload/view/${uuid}`, undefined, {
      "if-none-match": etag,
    });
    expect(cached.status).toBe(304);
  });

  it("answers a byte range with 206 and Content-Range, and 416 for a range outside the file", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const { uuid } = await (await upload(olive, png())).json();
    const view = `/api/v1/upload/view/${uuid}`;

    const first = await olive.call("GET", view, undefined, { range: "bytes=0-9" });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-9/${PNG.length}`);
    expect(first.headers.get("content-length")).toBe("10");
    expect(Buffer.from(await first.arrayBuffer())).toEqual(PNG.subarray(0, 10));

    const tail = await olive.call("GET", view, undefined, { range: "bytes=-5" });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(PNG.subarray(PNG.length - 5));

    const open = await olive.call("GET", view, undefined, { range: "bytes=60-" });
    expect(open.status).toBe(206);
    expect(open.headers.get("content-range")).toBe(`bytes 60-${PNG.length - 1}/${PNG.length}`);
    expect(Buffer.from(await open.arrayBuffer())).toEqual(PNG.subarray(60));

    const outside = await olive.call("GET", view, undefined, { range: `bytes=${PNG.length}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe(`bytes */${PNG.length}`);
    expect((await outside.json()).error).toBe("rangeNotSatisfiable");

    // A range we don't serve (several parts) gets the whole file.
    const several = await olive.call("GET", view, undefined, { range: "bytes=0-1,4-5" });
    expect(several.status).toBe(200);
    expect(Buffer.from(await several.arrayBuffer())).toEqual(PNG);
  });

  it("is a 404 for another team's uuid and an unknown one, and needs a session", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const { uuid } = await (await upload(olive, png())).json();
    const oscar = await signIn(t, "oscar@other.example", "Oscar");
    await upload(oscar, png());
    const res = await oscar.call("GET", `/api/v1/upload/view/${uuid}`);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe("notFound");
    expect((await olive.call("GET", "/api/v1/upload/view/nope")).status).toBe(404);
    expect((await t.app.request(`/api/v1/upload/view/${uuid}`)).status).toBe(401);
  });
});

describe("deleting an upload", () => {
  it("removes the team's row, and the bytes once no team has them", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const mine = await (await upload(olive, png())).json();
    const oscar = await signIn(t, "oscar@other.example", "Oscar");
    const theirs = await (await upload(oscar, png())).json();

    // Not Oscar's to delete.
    const notTheirs = await oscar.call("DELETE", UPLOAD, mine);
    expect(notTheirs.status).toBe(404);

    const res = await olive.call("DELETE", UPLOAD, mine);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect((await olive.call("GET", `/api/v1/upload/view/${mine.uuid}`)).status).toBe(404);
    expect((await olive.call("DELETE", UPLOAD, mine)).status).toBe(404);
    // Oscar's team still has these bytes.
    expect(filesOnDisk()).toEqual([sha256(PNG)]);
    expect((await oscar.call("GET", `/api/v1/upload/view/${theirs.uuid}`)).status).toBe(200);

    expect((await oscar.call("DELETE", UPLOAD, { uuid: theirs.uuid })).status).toBe(200);
    expect(filesOnDisk()).toEqual([]);
    expect(await t.db.select().from(uploads)).toEqual([]);
  });

  it("keeps an upload a saved contest still shows", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const file = await (await upload(olive, png())).json();
    const now = new Date().toISOString();
    await t.db.insert(contests).values({
      id: newId(),
      teamId: await teamIdOf(olive),
      name: "Spring giveaway",
      status: "draft",
      cbData: { sources: [{ publication: { media: { files: [file], count: 1 } } }] },
      createdAt: now,
      updatedAt: now,
    });
    const res = await olive.call("DELETE", UPLOAD, file);
    expect(res.status).toBe(200);
    expect((await olive.call("GET", `/api/v1/upload/view/${file.uuid}`)).status).toBe(200);
  });

  it("answers 422 without a uuid and refuses a large body", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const res = await olive.call("DELETE", UPLOAD, {});
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ uuid: ["Is required."] });
    const big = await olive.call("DELETE", UPLOAD, { uuid: "x", padding: "x".repeat(100_000) });
    expect(big.status).toBe(413);
  });
});
