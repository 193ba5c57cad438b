import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { pickEncoding } from "../../api/middleware/compress";
import { precompressDir } from "../../vite.precompress";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

const decode = (encoding: string | null, body: Buffer) =>
  encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;

async function fetchRaw(app: TestApp["app"], url: string, acceptEncoding?: string) {
  const res = await app.request(
    url,
    acceptEncoding ? { headers: { "Accept-Encoding": acceptEncoding } } : {},
  );
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe("choosing an encoding", () => {
  it("prefers brotli, falls back to gzip, honours q-values and refusals", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip, deflate")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*, br;q=0")).toBe("gzip");
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe("API answers compressed on the fly", () => {
  it("sends an answer over 1 KB as brotli or gzip by what the client accepts, decoding to the same JSON", async () => {
    t = await createTestApp();
    const plain = await fetchRaw(t.app, "/api/v1/openapi.json");
    expect(plain.res.status).toBe(200);
    expect(plain.res.headers.get("content-encoding")).toBeNull();
    expect(plain.res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(plain.body.byteLength).toBeGreaterThan(1024);

    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const { res, body } = await fetchRaw(t.app, "/api/v1/openapi.json", accept);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(Number(res.headers.get("content-length"))).toBe(body.byteLength);
      expect(body.byteLength).toBeLessThan(plain.body.byteLength / 3);
      expect(decode(encoding, body).equals(plain.body)).toBe(true);
      // Headers added by other middleware travel with the compressed answer.
      expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("leaves an answer under 1 KB as it is, still marked Vary", async () => {
    t = await createTestApp();
    const { res, body } = await fetchRaw(t.app, "/api/health", "br, gzip");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(JSON.parse(body.toString())).toMatchObject({ status: "ok" });
  });

  it("never compresses the answer to a HEAD", async () => {
    t = await createTestApp();
    const head = await t.app.request("/api/v1/openapi.json", {
      method: "HEAD",
      headers: { "Accept-Encoding": "br" },
    });
    expect(head.headers.get("content-encoding")).toBeNull();
  });
});

describe("the built web app, compressed once at build time", () => {
  function builtApp() {
    const webDist = mkdtempSync(path.join(tmpdir(), "fairdraw-web-"));
    mkdirSync(path.join(webDist, "assets"));
    const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
    const html = `<!doctype html><title>spa</title>${"<!-- padding so the page is over a kilobyte -->\n".repeat(40)}`;
    writeFileSync(path.join(webDist, "index.html"), html);
    writeFileSync(path.join(webDist, "assets", "app-123.js"), script);
    writeFileSync(path.join(webDist, "assets", "tiny-1.js"), "console.log(1)");
    writeFileSync(path.join(webDist, "assets", "logo-9.png"), Buffer.alloc(4096, 7));
    const compressed = precompressDir(webDist);
    onTestFinished(() => rmSync(webDist, { recursive: true, force: true }));
    return { webDist, script, html, compressed };
  }

  it("writes a .br and a .gz beside each text file over 1 KB, decoding to the original", () => {
    const { webDist, script, compressed } = builtApp();
    expect(compressed.map((f) => path.relative(webDist, f)).sort()).toEqual([
      "assets/app-123.js",
      "index.html",
    ]);
    const js = path.join(webDist, "assets", "app-123.js");
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
  });

  it("serves the precompressed asset with its year-long cache and Vary, and the plain one to a client without", async () => {
    const { webDist, script } = builtApp();
    t = await createTestApp({ env: { webDist } });
    const js = path.join(webDist, "assets", "app-123.js");

    for (const [accept, encoding, file] of [
      ["gzip, deflate, br, zstd", "br", `${js}.br`],
      ["gzip", "gzip", `${js}.gz`],
    ] as const) {
      const { res, body } = await fetchRaw(t.app, "/assets/app-123.js", accept);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("content-type")).toMatch(/javascript/);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
      // Sent as built, byte for byte: never compressed a second time.
      expect(body.equals(readFileSync(file))).toBe(true);
      expect(decode(encoding, body).toString()).toBe(script);
    }

    const plain = await fetchRaw(t.app, "/assets/app-123.js");
    expect(plain.res.headers.get("content-encoding")).toBeNull();
    expect(plain.res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(plain.res.headers.get("cache-control")).toContain("immutable");
    expect(plain.body.toString()).toBe(script);

    const tiny = await fetchRaw(t.app, "/assets/tiny-1.js", "br");
    expect(tiny.res.headers.get("content-encoding")).toBeNull();
    expect(tiny.body.toString()).toBe("console.log(1)");

    const image = await fetchRaw(t.app, "/assets/logo-9.png", "br");
    expect(image.res.headers.get("content-encoding")).toBeNull();
    expect(image.body.byteLength).toBe(4096);
  });

  it("serves the app's page compressed for every route of the single-page app", async () => {
    const { webDist, html } = builtApp();
    t = await createTestApp({ env: { webDist } });
    const { res, body } = await fetchRaw(t.app, "/contests/", "br, gzip");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(decode("br", body).toString()).toBe(html);
    const gz = await fetchRaw(t.app, "/contests/", "gzip");
    expect(decode("gzip", gz.body).toString()).toBe(html);
    const plain = await fetchRaw(t.app, "/contests/");
    expect(plain.body.toString()).toBe(html);
  });
});
