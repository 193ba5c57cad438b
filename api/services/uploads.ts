/**
 * Media uploads (contest-builder.md §5, §7): a multipart body streamed to a temporary file while it is hashed
 * and counted, its type sniffed from its first bytes, then stored once per content in the UploadStore (the
 * disk under UPLOAD_DIR, api/storage/) with one row (uuid) per team and content.
 *
 * - Nothing is buffered whole: the body is read chunk by chunk (Web stream), the file part written to disk with
 *   backpressure (each write awaited), and the read stops at the first byte past the cap (413).
 * - The type is what the bytes say (file-type), never the file name or the declared Content-Type: a renamed
 *   executable is refused (415) whatever it claims to be, and a real JPEG named .png is stored as image/jpeg.
 * - Creating and dropping the stored file follow the database change that needs it at once (insert row, then
 *   commit; delete row + count, then remove; the disk store does each within the call), so within this process
 *   an upload and a delete of the same content can't interleave and leave a row without its file.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { ACCEPTED_MEDIA_TYPES } from "../../engine/media";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { contests, templates, uploads } from "../db/tables";
import { lockTeam, transaction } from "../db/transaction";
import { AppError } from "../errors";
import type { ByteRange, TempUpload, UploadStore } from "../storage/upload-store";

export type UploadRow = typeof uploads.$inferSelect;

/** What file-type answers for some accepted formats, under the name the builder's media rules use. */
const SNIFFED_ALIASES: Readonly<Record<string, string>> = {
  "video/vnd.avi": "video/x-msvideo",
  "video/MP1S": "video/mpeg",
  "video/MP2P": "video/mpeg",
  "video/x-ms-asf": "video/x-ms-wmv",
  "video/x-m4v": "video/mp4",
};

/** How many leading bytes the type is sniffed from (file-type's recommended sample size). */
export const SNIFF_BYTES = 4100;
/** Room for the multipart framing and any small field beside the file. */
export const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_PART_HEADER_BYTES = 8 * 1024;
/** 200 MB, 1.5 MB, 100 KB: the cap as people read it. */
function shownSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
const TOO_LARGE = (maxSize: number) =>
  new AppError("payloadTooLarge", {
    message: "error.payloadTooLarge.file",
    values: { size: shownSize(maxSize) },
  });
const UNSUPPORTED = () => new AppError("unsupportedMediaType");

/** The accepted media type the bytes are, or null (unknown, or a type the builder does not take). */
export async function sniffMediaType(head: Uint8Array): Promise<string | null> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return null;
  const mime = SNIFFED_ALIASES[found.mime] ?? found.mime;
  return ACCEPTED_MEDIA_TYPES.includes(mime) ? mime : null;
}

// ---------------------------------------------------------------------------------------------------------
// Multipart, streamed

export type PartHeaders = { name: string | null; filename: string | null; contentType: string | null };
/** Where a part's bytes go; a sink may throw (an AppError) to stop the whole read. */
export type PartSink = { write(chunk: Buffer): Promise<void>; end(): Promise<void> };

/** The boundary of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string): string | null {
  const [type, ...params] = contentType.split(";");
  if (type?.trim().toLowerCase() !== "multipart/form-data") return null;
  for (const param of params) {
    const eqAt = param.indexOf("=");
    if (eqAt < 0 || param.slice(0, eqAt).trim().toLowerCase() !== "boundary") continue;
    let value = param.slice(eqAt + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    return /^[0-9A-Za-z'()+_,\-./:=? ]{1,70}$/.test(value) && !value.endsWith(" ") ? value : null;
  }
  return null;
}

function headerParam(header: string, name: string): string | null {
  const quoted = new RegExp(`(?:^|;)\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, "i").exec(header);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, "$1");
  const bare = new RegExp(`(?:^|;)\\s*${name}=([^;\\s]*)`, "i").exec(header);
  return bare?.[1] ?? null;
}

export function parsePartHeaders(block: string): PartHeaders {
  let disposition = "";
  let contentType: string | null = null;
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "content-disposition") disposition = value;
    else if (name === "content-type") contentType = value;
  }
  if (!/^form-data\b/i.test(disposition)) return { name: null, filename: null, contentType };
  return {
    name: headerParam(disposition, "name"),
    filename: headerParam(disposition, "filename"),
    contentType,
  };
}

const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");
const DASH_DASH = Buffer.from("--");

/**
 * Reads a multipart body from a Web stream, part by part, handing each part's bytes to the sink `openPart`
 * returns as they arrive. At most `maxBytes` are read (413 past that); the epilogue is not read.
 */
export async function readMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  openPart: (headers: PartHeaders) => PartSink,
  opts: { maxBytes: number; tooLarge: () => AppError },
): Promise<void> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const keep = delimiter.length - 1;
  // A CRLF in front so the first delimiter, which may open the body, is found like every other one.
  let buf: Buffer = Buffer.from(CRLF);
  let state: "preamble" | "afterDelimiter" | "headers" | "body" | "done" = "preamble";
  let sink: PartSink | null = null;
  let read = 0;
  const reader = body.getReader();
  const malformed = (why: string) =>
    new AppError("badRequest", { message: "error.badRequest.multipart", values: { reason: why } });
  try {
    for (;;) {
      // Consume what the buffer holds, as far as it goes.
      for (;;) {
        if (state === "preamble" || state === "body") {
          const at = buf.indexOf(delimiter);
          const end = at >= 0 ? at : Math.max(0, buf.length - keep);
          if (sink && end > 0) await sink.write(buf.subarray(0, end));
          if (at < 0) {
            buf = buf.subarray(end);
            break;
          }
          if (sink) await sink.end();
          sink = null;
          buf = buf.subarray(at + delimiter.length);
          state = "afterDelimiter";
        } else if (state === "afterDelimiter") {
          if (buf.length < 2) break;
          if (buf.subarray(0, 2).equals(DASH_DASH)) {
            state = "done";
            break;
          }
          const eol = buf.indexOf(CRLF);
          if (eol < 0) {
            if (buf.length > 256) throw malformed("no line break after a boundary");
            break;
          }
          if (!/^[ \t]*$/.test(buf.subarray(0, eol).toString("latin1"))) throw malformed("bad boundary line");
          buf = buf.subarray(eol + 2);
          state = "headers";
        } else if (state === "headers") {
          const blank = buf.subarray(0, 2).equals(CRLF) ? 0 : buf.indexOf(HEADERS_END);
          if (blank < 0) {
            if (buf.length > MAX_PART_HEADER_BYTES) throw malformed("part headers too long");
            break;
          }
          const block = blank === 0 ? "" : buf.subarray(0, blank).toString("utf8");
          buf = buf.subarray(blank === 0 ? 2 : blank + 4);
          sink = openPart(parsePartHeaders(block));
          state = "body";
        } else break;
      }
      if (state === "done") return;
      const { done, value } = await reader.read();
      if (done) throw malformed("it ends before its closing boundary");
      read += value.byteLength;
      if (read > opts.maxBytes) throw opts.tooLarge();
      const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      if (
        (state === "body" || state === "preamble") &&
        buf.length <= keep &&
        chunk.length >= keep &&
        Buffer.concat([buf, chunk.subarray(0, keep)]).indexOf(delimiter) < 0
      ) {
        // No delimiter starts in the kept tail: it is data, and the chunk is read as it is, not copied (copying
        // every chunk would leave the garbage collector a body's worth of buffers to catch up with).
        if (sink && buf.length > 0) await sink.write(buf);
        buf = chunk;
      } else {
        buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
      }
    }
  } finally {
    // Whatever is left (the epilogue, or the rest of a refused body) is not wanted: the server drains it.
    reader.cancel().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------------------
// Receiving one file

export type ReceivedFile = {
  temp: TempUpload;
  sha256: string;
  size: number;
  mime: string;
  originalName: string | null;
};

/** A file name as shown back to people: no folders, no control characters, at most 255 characters. */
function cleanName(name: string | null): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = [...base]
    .filter((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f;
    })
    .join("")
    .trim()
    .slice(0, 255);
  return clean === "" ? null : clean;
}

/** Writes one part to a temporary file while hashing, counting and sniffing it. */
class FileSink implements PartSink {
  readonly hash = createHash("sha256");
  size = 0;
  mime: string | null = null;
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(
    private readonly temp: TempUpload,
    private readonly maxSize: number,
    private readonly tooLarge: () => AppError,
  ) {}

  async write(chunk: Buffer): Promise<void> {
    this.size += chunk.length;
    if (this.size > this.maxSize) throw this.tooLarge();
    if (this.mime === null && this.headLength < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - this.headLength);
      this.head.push(Buffer.from(part));
      this.headLength += part.length;
      // Refuse as soon as the first bytes are known, before the rest is read and written.
      if (this.headLength >= SNIFF_BYTES) await this.sniff();
    }
    this.hash.update(chunk);
    await this.temp.write(chunk);
  }

  async end(): Promise<void> {
    if (this.mime === null) await this.sniff();
    await this.temp.close();
  }

  private async sniff(): Promise<void> {
    this.mime = await sniffMediaType(Buffer.concat(this.head));
    this.head = [];
    if (!this.mime) throw UNSUPPORTED();
  }
}

const DISCARD: PartSink = { write: async () => {}, end: async () => {} };

/**
 * Streams the request body's `file` part to a temporary file of the store. Throws 400 (not multipart, no
 * file, two files), 413 (past maxSize) or 415 (not an accepted media type); the temporary file is gone then.
 */
export async function receiveUpload(input: {
  body: ReadableStream<Uint8Array> | null;
  contentType: string;
  contentLength: string | undefined;
  store: UploadStore;
  maxSize: number;
  /** What the team's storage has left, and its error: the read stops at the first byte past it. */
  room?: { bytes: number; full: () => AppError };
}): Promise<ReceivedFile> {
  const boundary = multipartBoundary(input.contentType);
  if (!boundary || !input.body) {
    throw new AppError("badRequest", { message: "error.badRequest.notMultipart" });
  }
  const byQuota = input.room !== undefined && input.room.bytes < input.maxSize;
  const cap = byQuota && input.room ? input.room.bytes : input.maxSize;
  const tooLarge = byQuota && input.room ? input.room.full : () => TOO_LARGE(input.maxSize);
  const maxBytes = cap + MULTIPART_OVERHEAD;
  const declared = Number(input.contentLength);
  // Refused before a byte is written when the declared length can't fit (the file alone is a bit smaller).
  if (input.contentLength !== undefined && Number.isFinite(declared) && declared > maxBytes) {
    throw tooLarge();
  }
  const temp = await input.store.createTemp();
  const got: { file?: FileSink; name?: string | null } = {};
  try {
    await readMultipart(
      input.body,
      boundary,
      (part) => {
        if (part.name !== "file") return DISCARD;
        if (got.file) throw new AppError("badRequest", { message: "error.badRequest.oneFile" });
        got.name = cleanName(part.filename);
        got.file = new FileSink(temp, cap, tooLarge);
        return got.file;
      },
      { maxBytes, tooLarge },
    );
    const { file } = got;
    if (!file) throw new AppError("badRequest", { message: "error.badRequest.noFile" });
    // end() sniffed it; an empty file has no type.
    if (!file.mime) throw UNSUPPORTED();
    return {
      temp,
      sha256: file.hash.digest("hex"),
      size: file.size,
      mime: file.mime,
      originalName: got.name ?? null,
    };
  } catch (err) {
    await input.store.discard(temp);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Rows and stored files

/**
 * Keeps a received file: one row per team and content (the existing one when the team already uploaded these
 * bytes), the bytes once on disk per content. `created` is false for an upload the team already had.
 */
export async function storeUpload(
  db: Db,
  clock: Clock,
  store: UploadStore,
  input: { teamId: string; userId: string; file: ReceivedFile; storageLimit?: number },
): Promise<{ row: UploadRow; created: boolean }> {
  const { file } = input;
  // The storage is counted again in the transaction that inserts, the team locked (lockTeam): two uploads read
  // side by side each saw room. The files are moved once it committed (no file I/O inside a transaction).
  const stored = await transaction(db, async (tx) => {
    await lockTeam(tx, input.teamId);
    const existing = await first(
      tx
        .select()
        .from(uploads)
        .where(and(eq(uploads.teamId, input.teamId), eq(uploads.sha256, file.sha256))),
    );
    if (existing) return { row: existing, created: false };
    if (
      input.storageLimit !== undefined &&
      (await teamStorageBytes(tx, input.teamId)) + file.size > input.storageLimit
    ) {
      return "full" as const;
    }
    const row: UploadRow = {
      id: randomUUID(),
      teamId: input.teamId,
      sha256: file.sha256,
      mime: file.mime,
      size: file.size,
      originalName: file.originalName,
      createdBy: input.userId,
      createdAt: clock().toISOString(),
    };
    await tx.insert(uploads).values(row);
    return { row, created: true };
  });
  if (stored === "full") {
    await store.discard(file.temp);
    throw storageFull(input.storageLimit ?? 0);
  }
  // Kept under its hash, or dropped when these bytes are already stored (another row, maybe another team's).
  await store.commit(file.temp, file.sha256);
  return stored;
}

/** The bytes a team keeps: each of its uploads once (the same content twice is one row). */
export async function teamStorageBytes(db: Pick<Db, "select">, teamId: string): Promise<number> {
  const row = await first(
    db
      .select({ total: sql<number>`COALESCE(SUM(${uploads.size}), 0)` })
      .from(uploads)
      .where(eq(uploads.teamId, teamId)),
  );
  return Number(row?.total ?? 0);
}

/** 413 storageQuotaExceeded: the team's uploads fill its plan's storage_mb. */
export function storageFull(limitBytes: number): AppError {
  return new AppError("storageQuotaExceeded", {
    values: { size: shownSize(limitBytes) },
    extra: { limit_mb: Math.round(limitBytes / (1024 * 1024)) },
  });
}

export async function findUpload(db: Db, teamId: string, id: string): Promise<UploadRow | undefined> {
  return await first(
    db
      .select()
      .from(uploads)
      .where(and(eq(uploads.id, id), eq(uploads.teamId, teamId))),
  );
}

/** Whether a saved contest or template of the team still names this upload in its media. */
async function inUse(db: Db, teamId: string, id: string): Promise<boolean> {
  const pattern = `%"${id}"%`;
  const contest = await first(
    db
      .select({ id: contests.id })
      .from(contests)
      .where(
        and(
          eq(contests.teamId, teamId),
          isNull(contests.deletedAt),
          sql`(CAST(${contests.cbData} AS TEXT) LIKE ${pattern} OR CAST(${contests.sources} AS TEXT) LIKE ${pattern})`,
        ),
      ),
  );
  if (contest) return true;
  const template = await first(
    db
      .select({ id: templates.id })
      .from(templates)
      .where(
        and(
          eq(templates.teamId, teamId),
          isNull(templates.deletedAt),
          sql`CAST(${templates.cbData} AS TEXT) LIKE ${pattern}`,
        ),
      ),
  );
  return template !== undefined;
}

/**
 * The team no longer needs this upload (the builder removed it). The row goes, and the bytes with it when no
 * other team's row has the same content; an upload a saved contest or template still shows is kept, so that
 * leaving the builder without saving never breaks what was saved. False when the team has no such upload.
 */
export async function deleteUpload(db: Db, store: UploadStore, teamId: string, id: string): Promise<boolean> {
  const row = await findUpload(db, teamId, id);
  if (!row) return false;
  if (await inUse(db, teamId, row.id)) return true;
  const others = await transaction(db, async (tx) => {
    await tx.delete(uploads).where(eq(uploads.id, row.id));
    return (
      (await first(tx.select({ n: count() }).from(uploads).where(eq(uploads.sha256, row.sha256))))?.n ?? 0
    );
  });
  if (others === 0) await store.remove(row.sha256);
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// Viewing

/**
 * The single byte range a Range header asks for (RFC 9110 §14): null to send the whole file (no header, a
 * header we ignore such as several ranges, or a bad one), "unsatisfiable" for a range outside the file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  const first = m[1] === "" ? null : Number(m[1]);
  const last = m[2] === "" ? null : Number(m[2]);
  if (first === null) {
    // A suffix: the last N bytes.
    if (last === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - (last ?? 0)), end: size - 1 };
  }
  if (last !== null && last < first) return null;
  if (first >= size) return "unsatisfiable";
  return { start: first, end: Math.min(last ?? size - 1, size - 1) };
}
