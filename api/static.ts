import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "./context";
import { pickEncoding } from "./middleware/compress";

/**
 * Serves the built web app: hashed assets with a long cache, every other non-API GET gets index.html
 * (the SPA decides what is a page and what is its 404). The build wrote a .br and a .gz beside every text file
 * (vite.precompress.ts): those are sent as they are to a client that accepts them, never compressed again.
 * The page carries PUBLIC_URL in a meta tag, so the links the app copies (invites) are the ones the e-mails carry:
 * one public address everywhere; that page, different from the built one, is compressed once, at start.
 */
export function mountWebApp(app: Hono<AppEnv>, webDist: string, publicUrl?: string): void {
  const indexFile = path.join(webDist, "index.html");
  if (!existsSync(indexFile)) {
    app.get("*", (c) =>
      c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503),
    );
    return;
  }
  const root = path.relative(process.cwd(), webDist) || ".";
  const built = readFileSync(indexFile, "utf8");
  const page = withPublicUrl(built, publicUrl);
  const indexHtml = Buffer.from(page);
  const indexEncoded =
    page === built
      ? {
          br: existsSync(`${indexFile}.br`) ? readFileSync(`${indexFile}.br`) : undefined,
          gzip: existsSync(`${indexFile}.gz`) ? readFileSync(`${indexFile}.gz`) : undefined,
        }
      : { br: brotliCompressSync(indexHtml), gzip: gzipSync(indexHtml) };
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use("/assets/*", serveStatic({ root, precompressed: true }));
  // A missing hashed asset is a real 404 (the app reloads on a failed chunk load), never index.html.
  app.get("/assets/*", (c) => c.text("Not found", 404));
  app.use("*", serveStatic({ root, index: "__no_index__", precompressed: true }));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    c.header("Content-Type", "text/html; charset=UTF-8");
    const encoding = pickEncoding(c.req.header("Accept-Encoding"));
    const encoded = encoding ? indexEncoded[encoding] : undefined;
    if (encoding && encoded) {
      c.header("Content-Encoding", encoding);
      return c.body(new Uint8Array(encoded));
    }
    return c.body(new Uint8Array(indexHtml));
  });
}

/** index.html with `<meta name="fairdraw-public-url">` (web/src/public-url.ts reads it). */
export function withPublicUrl(html: string, publicUrl: string | undefined): string {
  if (!publicUrl) return html;
  const escaped = publicUrl.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return html.replace("<head>", `<head>\n    <meta name="fairdraw-public-url" content="${escaped}" />`);
}
