/**
 * Media uploads (contest-builder.md §5, §7; app-shell.md §5, §9): the builder's files, streamed to disk under the
 * configured cap (builder config limits.mediaMaxSize, 200 MB by default), typed by their bytes, stored once per
 * content and owned per team (api/services/uploads.ts).
 *
 * - POST /upload and /upload/contest_builder: multipart/form-data with one field `file` → {uuid, mime, size};
 *   201 for a new upload, 200 when the team had already uploaded the same bytes (same uuid). This server-side
 *   dedupe by hash makes the browser's own duplicate check (size and first/last bytes) a saving, not a rule.
 * - GET /upload/view/:uuid: the bytes, with Range support; another team's uuid is a 404 like an unknown one.
 * - DELETE /upload {uuid}: the team no longer needs it (the builder's instant upload was removed).
 */
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { DEFAULT_MEDIA_MAX_SIZE } from "../../engine/media";
import type { AppEnv } from "../context";
import { AppError } from "../errors";
import { authOf, requirePermission, teamOf } from "../middleware/guards";
import { teamQuotas } from "../services/teams";
import {
  deleteUpload,
  findUpload,
  parseRange,
  receiveUpload,
  storageFull,
  storeUpload,
  teamStorageBytes,
} from "../services/uploads";
import { jsonBody, validationError } from "../validation";

/** Whoever may put media in a contest, a draft or a template may upload (any one of these). */
const UPLOAD_PERMISSION =
  "team.contests.create_contests team.contests.create_drafts team.templates.create_templates " +
  "team.contests.update_contests team.contests.update_drafts";
const VIEW_PERMISSION = "team.contests.view_contests team.templates.view_templates";
const MB = 1024 * 1024;

/** The JSON body limit of app.ts skips /api/v1/upload*; the DELETE body is a small JSON object. */
const smallJson = bodyLimit({
  maxSize: 16 * 1024,
  onError: () => {
    throw new AppError("payloadTooLarge");
  },
});

/**
 * One upload: the team's rate (the limiter's uploads.per_team) and its storage quota (the plan's storage_mb) are
 * checked before a byte is read; the read stops at the first byte past what the storage has left.
 */
async function upload(c: Context<AppEnv>) {
  const { db, clock, catalog, limiter, uploads } = c.get("deps");
  const { team } = teamOf(c);
  const auth = authOf(c);
  await limiter.take(
    "uploads.per_team",
    team.id,
    "Your team uploaded many files in the last hour. Try again later.",
  );
  const storageLimit = teamQuotas(catalog, team).storage_mb * MB;
  const room = storageLimit - (await teamStorageBytes(db, team.id));
  if (room <= 0) throw storageFull(storageLimit);
  const file = await receiveUpload({
    body: c.req.raw.body,
    contentType: c.req.header("content-type") ?? "",
    contentLength: c.req.header("content-length"),
    store: uploads,
    maxSize: catalog.builderConfig.limits.mediaMaxSize ?? DEFAULT_MEDIA_MAX_SIZE,
    room: { bytes: room, full: () => storageFull(storageLimit) },
  });
  const { row, created } = await storeUpload(db, clock, uploads, {
    teamId: team.id,
    userId: auth.user.id,
    file,
    storageLimit,
  });
  return c.json({ uuid: row.id, mime: row.mime, size: row.size }, created ? 201 : 200);
}

/** RFC 6266/5987: the original name, percent-encoded, so any character is safe in the header. */
function inlineDisposition(name: string | null): string {
  return name ? `inline; filename*=UTF-8''${encodeURIComponent(name)}` : "inline";
}

export const uploadsRoutes = new Hono<AppEnv>()
  .post("/", requirePermission(UPLOAD_PERMISSION), (c) => upload(c))
  .post("/contest_builder", requirePermission(UPLOAD_PERMISSION), (c) => upload(c))
  .get("/view/:uuid", requirePermission(VIEW_PERMISSION), async (c) => {
    const { db, uploads, logger } = c.get("deps");
    const { team } = teamOf(c);
    const row = await findUpload(db, team.id, c.req.param("uuid"));
    if (!row) throw new AppError("notFound", { message: "error.notFound.file" });
    const size = await uploads.size(row.sha256).catch((err: unknown) => {
      logger.warn({ err, upload: row.id }, "an upload's stored file cannot be read");
      return null;
    });
    if (size === null) {
      logger.warn({ upload: row.id }, "an upload's stored file is missing");
      throw new AppError("notFound", { message: "error.notFound.file" });
    }
    // The uuid always names the same bytes: their hash is a strong validator.
    const etag = `"${row.sha256}"`;
    const ifRange = c.req.header("if-range");
    const range = ifRange && ifRange !== etag ? null : parseRange(c.req.header("range"), size);
    if (range === "unsatisfiable") {
      c.header("Content-Range", `bytes */${size}`);
      throw new AppError("rangeNotSatisfiable");
    }
    c.header("Content-Type", row.mime);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Content-Disposition", inlineDisposition(row.originalName));
    c.header("Cache-Control", "private, max-age=86400");
    c.header("Accept-Ranges", "bytes");
    c.header("ETag", etag);
    if (
      c.req
        .header("if-none-match")
        ?.split(/\s*,\s*/)
        .includes(etag)
    )
      return c.body(null, 304);
    const bytes = range ?? { start: 0, end: size - 1 };
    c.header("Content-Length", String(bytes.end - bytes.start + 1));
    if (range) c.header("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
    const status = range ? 206 : 200;
    if (c.req.method === "HEAD") return c.body(null, status);
    return c.body(uploads.readRange(row.sha256, bytes), status);
  })
  .delete("/", requirePermission(UPLOAD_PERMISSION), smallJson, async (c) => {
    const { db, uploads } = c.get("deps");
    const { team } = teamOf(c);
    const body = await jsonBody(c);
    if (typeof body.uuid !== "string" || body.uuid === "") {
      throw validationError(c, { uuid: [{ key: "validation.required", rule: "required" }] });
    }
    if (!(await deleteUpload(db, uploads, team.id, body.uuid)))
      throw new AppError("notFound", { message: "error.notFound.file" });
    return c.json({ success: true as const });
  });
