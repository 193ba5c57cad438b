/**
 * GET /api/v1/media/:uuid?expires&signature: an upload for a network's servers to fetch (api/services/public-media.ts),
 * no session. An expired, tampered or unknown address is the same 404; the answer may be cached until it expires.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { AppError } from "../errors";
import { checkPublicMedia, publicUpload } from "../services/public-media";

const GONE = () => new AppError("notFound", { message: "error.notFound.file" });

export const publicMediaRoutes = new Hono<AppEnv>().get("/media/:uuid", async (c) => {
  const { db, env, clock, uploads, logger } = c.get("deps");
  const uploadId = c.req.param("uuid");
  const now = clock();
  const check = checkPublicMedia({
    accountSecretKey: env.accountSecretKey,
    uploadId,
    expires: c.req.query("expires"),
    signature: c.req.query("signature"),
    now,
  });
  if (check !== "valid") throw new AppError("notFound", { message: "error.notFound.file", internal: check });
  const row = await publicUpload(db, uploadId);
  if (!row) throw GONE();
  const size = await uploads.size(row.sha256);
  if (size === null) {
    logger.warn({ upload: row.id }, "a public upload's stored file is missing");
    throw GONE();
  }
  const left = Math.max(0, Number(c.req.query("expires")) - Math.floor(now.getTime() / 1000));
  c.header("Content-Type", row.mime);
  c.header("Content-Length", String(size));
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Content-Disposition", "inline");
  // Never kept past the address's expiry.
  c.header("Cache-Control", `public, max-age=${left}`);
  c.header("ETag", `"${row.sha256}"`);
  if (c.req.method === "HEAD" || size === 0) return c.body(null, 200);
  return c.body(uploads.readRange(row.sha256, { start: 0, end: size - 1 }), 200);
});
