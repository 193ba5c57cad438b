import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { hintTags, MANIFEST_PATH, type Manifest, USER_CALL } from "../../api/page-hints";
import { createTestApp, type TestApp } from "../helpers/test-app";

/** A build's manifest as Vite writes it: the entry, a chunk it shares with the French catalog, and two catalogs. */
const MANIFEST: Manifest = {
  "index.html": { file: "assets/app-1.js", imports: ["_shared-2.js"] },
  "_shared-2.js": { file: "assets/shared-2.js" },
  "_plural-3.js": { file: "assets/plural-3.js" },
  "locales/en/messages.po": { file: "assets/messages-en.js" },
  "locales/fr/messages.po": { file: "assets/messages-fr.js", imports: ["_shared-2.js", "_plural-3.js"] },
};

const HTML = "<!doctype html><html><head><title>spa</title></head><body></body></html>";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

describe("the hints of the app's page", () => {
  it("names the visitor's catalog with the chunks the entry does not already load, and no call when signed out", () => {
    expect(hintTags(MANIFEST, { locale: "fr", signedIn: false })).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/messages-fr.js">',
      '<link rel="modulepreload" crossorigin href="/assets/plural-3.js">',
    ]);
  });

  it("adds the session's first call, in the credentials mode of the app's own fetch, when signed in", () => {
    expect(hintTags(MANIFEST, { locale: "en", signedIn: true })).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/messages-en.js">',
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${USER_CALL}">`,
    ]);
  });

  it("names nothing for a language the build has no catalog for", () => {
    const { "locales/en/messages.po": _, ...withoutEnglish } = MANIFEST;
    expect(hintTags(withoutEnglish, { locale: "en", signedIn: false })).toEqual([]);
  });
});

describe("the app's page as served", () => {
  async function serve() {
    const webDist = mkdtempSync(path.join(tmpdir(), "fairdraw-web-"));
    onTestFinished(() => rmSync(webDist, { recursive: true, force: true }));
    mkdirSync(path.join(webDist, path.dirname(MANIFEST_PATH)));
    writeFileSync(path.join(webDist, "index.html"), HTML);
    writeFileSync(path.join(webDist, MANIFEST_PATH), JSON.stringify(MANIFEST));
    t = await createTestApp({ env: { webDist } });
    return t.app;
  }

  it("carries the hints for the language of the cookie and the session's cookie, compressed the same", async () => {
    const app = await serve();
    const res = await app.request("/contests/", {
      headers: { cookie: "locale=fr; fd_signed_in=1", "accept-language": "ja", "accept-encoding": "br" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    const html = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/messages-fr.js">');
    expect(html).toContain(`href="${USER_CALL}"`);
    expect(html).not.toContain("messages-en.js");
    // The page differs by language and session: a cache must not hand one visitor's page to another.
    expect(res.headers.get("vary")).toMatch(/cookie/i);
    expect(res.headers.get("vary")).toMatch(/accept-language/i);
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
  });

  it("follows Accept-Language without a cookie, and asks for no user when signed out", async () => {
    const app = await serve();
    const html = await (
      await app.request("/login", { headers: { "accept-language": "fr-CA,en;q=0.8" } })
    ).text();
    expect(html).toContain("/assets/messages-fr.js");
    expect(html).not.toContain(USER_CALL);
    const english = await (await app.request("/login", { headers: { "accept-language": "de" } })).text();
    expect(english).toContain("/assets/messages-en.js");
  });

  it("serves the page as built when the build has no manifest, and never serves the manifest", async () => {
    const app = await serve();
    expect((await app.request("/.vite/manifest.json")).status).toBe(404);

    const bare = mkdtempSync(path.join(tmpdir(), "fairdraw-web-"));
    onTestFinished(() => rmSync(bare, { recursive: true, force: true }));
    writeFileSync(path.join(bare, "index.html"), HTML);
    await t?.cleanup();
    t = await createTestApp({ env: { webDist: bare } });
    const html = await (await t.app.request("/contests/", { headers: { cookie: "fd_signed_in=1" } })).text();
    expect(html).toContain("<title>spa</title>");
    expect(html).not.toContain("<link");
  });
});
