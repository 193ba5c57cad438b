/**
 * Real `npm start` processes (scripts/start.ts) for the multi-process tests: each in a process group of its own
 * (helpers/processes.ts), its output kept, its URL read from what it prints; a person signed in through the dev
 * mailbox; calls made as that person; the planned X contest both test files create.
 */
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { loadCatalog } from "../../api/catalog";
import { spawnGroup } from "./processes";

type Json = Record<string, unknown>;
export type AppProcess = { child: ChildProcess; url: string; port: number; output: () => string };
export type Session = { cookie: string; csrf: string };

const HOUR = 3_600_000;

/** Polls `probe` every 200 ms until it answers true; throws with `what` after `timeoutMs`. */
export async function until(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A scratch folder with a web build newer than its sources, so `npm start` does not build the app. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(dir, "web"), { recursive: true });
  writeFileSync(path.join(dir, "web", "index.html"), "<!doctype html><title>fairdraw</title>");
  return dir;
}

/**
 * Starts `npm start` on `databaseUrl` with its uploads and web build in `dir`, on a free port of 127.0.0.1, in
 * development (the dev mailbox, as on a laptop); resolves once it printed its URL. `env` adds or overrides.
 */
export async function startAppProcess(
  name: string,
  opts: { databaseUrl: string; dir: string; env?: Record<string, string> },
): Promise<AppProcess> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: opts.databaseUrl,
    UPLOAD_DIR: path.join(opts.dir, "uploads"),
    WEB_DIST: path.join(opts.dir, "web"),
    LOG_LEVEL: "warn",
    ...opts.env,
  };
  delete env.NODE_ENV;
  const child = spawnGroup(path.resolve("node_modules/.bin/tsx"), ["scripts/start.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (c: Buffer) => {
    out += c.toString();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const app: AppProcess = { child, url: "", port: 0, output: () => out };
  await until(
    `${name} to start`,
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${out}`);
      const m = /running at http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        app.port = Number(m[1]);
        app.url = `http://127.0.0.1:${m[1]}`;
      }
      return m !== null;
    },
    120_000,
  ).catch((err) => {
    child.kill("SIGKILL");
    throw err;
  });
  return app;
}

/** Signs `email` in with the code the dev mailbox received; the session's cookie and CSRF token. */
export async function signInByCode(app: AppProcess, email: string): Promise<Session> {
  const post = (route: string, body: unknown) =>
    fetch(`${app.url}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  expect((await post("/api/v1/auth/email", { email })).status).toBe(204);
  const mailbox = (await (await fetch(`${app.url}/api/dev/mailbox`)).json()) as { data: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(mailbox.data[0]?.text ?? "")?.[1];
  const verified = await post("/api/v1/auth/verify", { email, code });
  expect(verified.status).toBe(200);
  const cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const csrf = (await (await fetch(`${app.url}/api/v1/refresh_csrf`, { headers: { cookie } })).json()) as {
    csrf_token: string;
  };
  return { cookie, csrf: csrf.csrf_token };
}

/** A call as the signed-in person, in `lang`. */
export function callAs(
  app: AppProcess,
  session: Session,
  method: string,
  route: string,
  body?: unknown,
  lang = "en",
): Promise<Response> {
  return fetch(`${app.url}${route}`, {
    method,
    headers: {
      cookie: session.cookie,
      "x-csrf-token": session.csrf,
      "x-requested-with": "XMLHttpRequest",
      "accept-language": lang,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A planned X contest starting in an hour (its start job due then), published by the given account. */
export function plannedTwitterContest(accountExternalId: string): Json {
  const catalog = loadCatalog();
  const source = structuredClone(catalog.builder.defaults.sources.twitter) as unknown as Json & {
    publication: Json;
    actions: { comment: Json };
  };
  Object.assign(source, { id: 100, type: "twitter" });
  source.publication.account_id = Number(accountExternalId);
  source.publication.content = "Win a year of coffee! Reply to enter.";
  source.actions.comment.enabled = true;
  source.actions.comment.accept = "replies_and_quotes";
  const start = Date.now() + HOUR;
  return {
    idempotency_key: randomUUID(),
    status: "planned",
    forPayment: false,
    base: {
      ...(structuredClone(catalog.builder.defaults.base) as unknown as Json),
      name: "Coffee giveaway",
      start_date: new Date(start).toISOString(),
      original_start_date: new Date(start).toISOString(),
      close_date: new Date(start + 72 * HOUR).toISOString(),
      nb_winners: 1,
      autodraw: { enabled: false, date: new Date(start + 96 * HOUR).toISOString() },
    },
    sources: [source],
    summary: { parameters_verified: true },
  };
}
