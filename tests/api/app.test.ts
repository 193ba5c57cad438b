import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { inviteUrl } from "../../api/services/invites";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
afterEach(() => t.cleanup());

describe("the HTTP app", () => {
  it("answers GET /api/health with 200, status ok and the database it reached", async () => {
    t = await createTestApp();
    const res = await t.app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: { dialect: t.dialect, reached: true } });
  });

  it("answers GET /api/health with 503 when the database does not answer", async () => {
    t = await createTestApp();
    await t.close();
    const res = await t.app.request("/api/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: "unavailable",
      database: { dialect: t.dialect, reached: false },
    });
  });

  it("answers an unknown /api path with a real 404 in the error contract's shape", async () => {
    t = await createTestApp();
    const res = await t.app.request("/api/v1/no-such-thing", { method: "POST" });
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body).toMatchObject({ error: "notFound", message: expect.any(String), uid: expect.any(String) });
  });

  it("marks every answer noindex, nofollow", async () => {
    t = await createTestApp();
    const res = await t.app.request("/api/health");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });

  it("serves index.html for app routes and a 404 for a missing hashed asset", async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), "fairdraw-web-"));
    mkdirSync(path.join(webDist, "assets"));
    writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>spa</title>");
    writeFileSync(path.join(webDist, "assets", "app-123.js"), "console.log(1)");
    t = await createTestApp({ env: { webDist } });
    onTestFinished(() => rmSync(webDist, { recursive: true, force: true }));

    const page = await t.app.request("/contest/abc/entries");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>spa</title>");

    const asset = await t.app.request("/assets/app-123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");

    expect((await t.app.request("/assets/gone-456.js")).status).toBe(404);
  });

  it("writes PUBLIC_URL into the page, so the links the app copies match the e-mails' links", async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), "fairdraw-web-"));
    writeFileSync(
      path.join(webDist, "index.html"),
      "<!doctype html><html><head><title>spa</title></head></html>",
    );
    t = await createTestApp({ env: { webDist, publicUrl: "https://draw.example" } });
    onTestFinished(() => rmSync(webDist, { recursive: true, force: true }));
    const html = await (await t.app.request("/team/invites")).text();
    expect(html).toContain('<meta name="fairdraw-public-url" content="https://draw.example" />');
    expect(inviteUrl(t.deps.env, "k1")).toBe("https://draw.example/invite/k1");
  });

  it("says the web app is not built rather than serving nothing", async () => {
    t = await createTestApp();
    const res = await t.app.request("/");
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("npm run build");
  });
});

describe("GET /api/v1/contest-builder/defaults", () => {
  it("answers the base group filled with the schema's defaults", async () => {
    t = await createTestApp();
    const res = await t.app.request("/api/v1/contest-builder/defaults");
    expect(res.status).toBe(200);
    const { base } = await res.json();
    expect(base).toMatchObject({
      name: "",
      type: "tunnel",
      start_date: null,
      close_date: null,
      nb_winners: 1,
      manual_check: { enabled: false, list: [] },
      autodraw: { enabled: false, date: null },
    });
  });
});
