import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { SIGNED_IN_COOKIE } from "./auth/sessions";
import type { AppEnv } from "./context";
import { requestLocale } from "./locale";
import { pickEncoding } from "./middleware/compress";
import { hintTags, readManifest, type Visitor, withHints } from "./page-hints";

/**
 * Serves the built web app: hashed assets with a long cache, every other non-API GET gets index.html
 * (the SPA decides what is a page and what is its 404). The build wrote a .br and a .gz beside every text file
 * (vite.precompress.ts): those are sent as they are to a client that accepts them, never compressed again.
 * The page carries PUBLIC_URL in a meta tag, so the links the app copies (invites) are the ones the e-mails carry:
 * one public address everywhere; and the hints of api/page-hints.ts for the visitor's language and session. Each
 * such page (ten at most: five languages, signed in or not) is compressed once, the first time it is asked for.
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
  const manifest = readManifest(webDist);
  const builtEncoded = {
    br: existsSync(`${indexFile}.br`) ? readFileSync(`${indexFile}.br`) : undefined,
    gzip: existsSync(`${indexFile}.gz`) ? readFileSync(`${indexFile}.gz`) : undefined,
  };
  const pages = new Map<string, IndexPage>();
  const pageFor = (visitor: Visitor): IndexPage => {
    const key = `${visitor.locale}:${visitor.signedIn}`;
    let page = pages.get(key);
    if (!page) {
      const html = withHints(withPublicUrl(built, publicUrl), manifest ? hintTags(manifest, visitor) : []);
      const body = Buffer.from(html);
      page =
        html === built
          ? { body, ...builtEncoded }
          : { body, br: brotliCompressSync(body), gzip: gzipSync(body) };
      pages.set(key, page);
    }
    return page;
  };
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use("/assets/*", serveStatic({ root, precompressed: true }));
  // A missing hashed asset is a real 404 (the app reloads on a failed chunk load), never index.html.
  app.get("/assets/*", (c) => c.text("Not found", 404));
  // The build's manifest is read here, not served.
  app.get("/.vite/*", (c) => c.text("Not found", 404));
  app.use("*", serveStatic({ root, index: "__no_index__", precompressed: true }));
  app.get("*", (c) => {
    const page = pageFor({
      locale: requestLocale(c),
      signedIn: getCookie(c, SIGNED_IN_COOKIE) !== undefined,
    });
    c.header("Cache-Control", "no-cache");
    c.header("Content-Type", "text/html; charset=UTF-8");
    // The hints depend on the language and the session: a shared cache keeps one page per combination.
    c.header("Vary", "Cookie, Accept-Language");
    const encoding = pickEncoding(c.req.header("Accept-Encoding"));
    const encoded = encoding ? page[encoding] : undefined;
    if (encoding && encoded) {
      c.header("Content-Encoding", encoding);
      return c.body(new Uint8Array(encoded));
    }
    return c.body(new Uint8Array(page.body));
  });
}

/** index.html as sent: plain, and compressed once. */
type IndexPage = { body: Buffer; br: Buffer | undefined; gzip: Buffer | undefined };

/** index.html with `<meta name="fairdraw-public-url">` (web/src/public-url.ts reads it). */
export function withPublicUrl(html: string, publicUrl: string | undefined): string {
  if (!publicUrl) return html;
  const escaped = publicUrl.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return html.replace("<head>", `<head>\n    <meta name="fairdraw-public-url" content="${escaped}" />`);
}
