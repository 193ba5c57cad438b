import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import type { AppEnv } from "../context";

/** Answers smaller than this go as they are: the headers and the encoder's framing would eat the gain. */
export const COMPRESS_MIN_BYTES = 1024;

/** Text types worth compressing (Hono's list: JSON, HTML, JS, CSS, SVG, XML, ...; never an event stream). */
export function isCompressible(contentType: string | null | undefined): boolean {
  return contentType != null && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType);
}

export type Encoding = "br" | "gzip";

/**
 * The encoding to answer with for an Accept-Encoding header: brotli where the client takes it, else gzip, else
 * none. Honours q-values (`br;q=0` refuses brotli) and `*`.
 */
export function pickEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (name === "") continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: Encoding) => q.get(name) ?? q.get("*") ?? 0;
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0) return "gzip";
  return null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Bodies up to this size are compressed in line: a few tens of microseconds, less than handing them to the thread
 * pool through zlib's streams. Larger ones go to the pool, so the event loop keeps serving meanwhile.
 */
const IN_LINE_MAX_BYTES = 64 * 1024;

/**
 * On the fly, answers are compressed for speed, not for the last byte. An answer compressed in line uses brotli
 * quality 2 with a window just big enough for it (a 9 KB list: about 25 µs, where quality 4 with the default window
 * takes 120 µs for 10% fewer bytes); a large one quality 4 on the thread pool. Built assets are compressed once,
 * at the highest quality (vite.precompress.ts).
 */
export async function compressBody(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  const inLine = body.byteLength <= IN_LINE_MAX_BYTES;
  if (encoding === "br") {
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: inLine ? 2 : 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      ...(inLine
        ? {
            [constants.BROTLI_PARAM_LGWIN]: Math.max(
              constants.BROTLI_MIN_WINDOW_BITS,
              Math.ceil(Math.log2(body.byteLength + 16)),
            ),
          }
        : {}),
    };
    return inLine ? brotliCompressSync(body, { params }) : brotli(body, { params });
  }
  return inLine ? gzipSync(body, { level: 6 }) : gzipAsync(body, { level: 6 });
}

function appendVary(headers: Headers) {
  const vary = headers.get("Vary");
  if (!vary) headers.set("Vary", "Accept-Encoding");
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary))
    headers.set("Vary", `${vary}, Accept-Encoding`);
}

/**
 * Compresses every text answer over COMPRESS_MIN_BYTES on the fly (an answer already encoded, such as a
 * precompressed asset, is left alone), and marks every text answer `Vary: Accept-Encoding` so a shared cache
 * never hands brotli to a client that did not ask for it.
 */
export const compress: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const res = c.res;
  if (c.req.method === "HEAD" || res.status === 101 || res.status === 204 || res.status === 304) return;
  if (!isCompressible(res.headers.get("Content-Type"))) return;
  appendVary(res.headers);
  if (res.headers.has("Content-Encoding") || !res.body) return;
  if (res.headers.get("Cache-Control")?.includes("no-transform")) return;
  const length = Number(res.headers.get("Content-Length") ?? Number.NaN);
  if (length < COMPRESS_MIN_BYTES) return;
  const encoding = pickEncoding(c.req.header("Accept-Encoding"));
  if (!encoding) return;
  const body = new Uint8Array(await res.arrayBuffer());
  if (body.byteLength < COMPRESS_MIN_BYTES) {
    c.res = new Response(body, res);
    return;
  }
  const compressed = await compressBody(body, encoding);
  const headers = new Headers(res.headers);
  headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(compressed.byteLength));
  // A strong validator names the bytes sent: the compressed form is another representation.
  const etag = headers.get("ETag");
  if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
  c.res = undefined as unknown as Response;
  c.res = new Response(
    new Uint8Array(compressed.buffer as ArrayBuffer, compressed.byteOffset, compressed.byteLength),
    {
      status: res.status,
      statusText: res.statusText,
      headers,
    },
  );
};
