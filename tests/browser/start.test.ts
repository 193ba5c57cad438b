/**
 * The README's `npm start` as a new user runs it: a fresh data folder and no web build yet. It must build the web
 * app, create and migrate the database, seed the demo team, print the URL and how to sign in, and serve both the
 * API and the app (in development mode: the dev mailbox is there).
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { groupAlive, spawnGroup, stopGroup } from "../helpers/processes";

const dir = mkdtempSync(path.join(tmpdir(), "fairdraw-start-"));
let child: ChildProcess | undefined;

// npx runs tsx, which runs node, which runs the server: the whole group goes, not just npx.
afterAll(async () => {
  await stopGroup(child);
  rmSync(dir, { recursive: true, force: true });
});

function waitForLine(proc: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`no line matching ${pattern} in:\n${out}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(out);
      }
    };
    proc.stdout?.on("data", onData);
    proc.stderr?.on("data", onData);
    proc.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${out}`));
    });
  });
}

describe("npm start on a fresh folder", () => {
  it("builds, migrates, seeds, prints how to sign in and serves the app", async () => {
    const env = {
      ...process.env,
      NODE_ENV: "",
      PORT: "0",
      DATABASE_URL: path.join(dir, "data", "fairdraw.db"),
      UPLOAD_DIR: path.join(dir, "data", "uploads"),
      WEB_DIST: path.join(dir, "web"),
      LOG_LEVEL: "warn",
    };
    delete (env as Record<string, string | undefined>).NODE_ENV;
    child = spawnGroup("npx", ["tsx", "scripts/start.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
    // A whole web build comes first: about a minute on a loaded 2-core machine, past the suite's 60 s per test.
    const out = await waitForLine(child, /Sign in as demo@fairdraw\.test/, 180_000);
    expect(out).toContain("A demo team was created (first run).");
    const url = /running at (http:\/\/\S+)/.exec(out)?.[1] ?? "";
    expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    const base = url.replace("localhost", "127.0.0.1");
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({
      status: "ok",
      database: { dialect: "sqlite", reached: true },
    });
    expect((await fetch(`${base}/`)).headers.get("content-type")).toContain("text/html");
    const asked = await fetch(`${base}/api/v1/auth/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "demo@fairdraw.test" }),
    });
    expect(asked.status).toBe(204);
    const mailbox = await (await fetch(`${base}/api/dev/mailbox`)).json();
    expect(mailbox.data[0].text).toMatch(/\b\d{6}\b/);
    // The code signs the demo owner in.
    const code = /\b(\d{6})\b/.exec(mailbox.data[0].text)?.[1];
    const verified = await fetch(`${base}/api/v1/auth/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "demo@fairdraw.test", code }),
    });
    expect(verified.status).toBe(200);

    // Stopping it stops every process under npx: the server no longer answers and the group is empty.
    const pgid = child?.pid ?? 0;
    await stopGroup(child);
    expect(groupAlive(pgid)).toBe(false);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 240_000);
});
