/**
 * Two server processes on one PostgreSQL database, under faults (issue 29): real `scripts/start.ts` processes on
 * a throwaway cluster, as tests/multiprocess/two-processes.test.ts starts them.
 * - started at once on an empty database, both come up and the demo is seeded once;
 * - a body refused as too large (413) leaves its keep-alive connection usable for the next request;
 * - the database stopped and started while both serve: 503 with Retry-After in the request's language, no 500,
 *   one log line each way per process, nothing that was answered lost;
 * - a process killed with SIGKILL during a batch of due jobs: what it held is taken over about CLAIM_TIMEOUT_MS
 *   after the kill (it held only the job it was running).
 * Without PostgreSQL the file says so loudly and runs nothing (CI sets FAIRDRAW_REQUIRE_POSTGRES=1 and fails).
 */
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../api/catalog";
import { DEMO_EMAIL } from "../../api/db/seed";
import { connectionsGone } from "../helpers/pg-connections";
import {
  createTestDatabase,
  postgresUnavailable,
  startTestPostgres,
  type TestPostgres,
} from "../helpers/postgres";
import { groupAlive, spawnGroup, stopGroup } from "../helpers/processes";
import { refusedThenNext } from "../helpers/raw-http";

const unavailable = postgresUnavailable();
const runs = unavailable === null || process.env.FAIRDRAW_REQUIRE_POSTGRES === "1";
if (!runs) console.warn(`\n!!! multi-process fault tests NOT RUN: ${unavailable}.\n`);

const TICK_MS = 300;
const CLAIM_TIMEOUT_MS = 4_000;
const HOUR = 3_600_000;
const KILLED_BATCH = 10;
/** The killed process's network delay per publication, and the rescuer's (both busy, as with real networks). */
const SLOW_MS = 3_000;
const RESCUER_MS = 1_000;
const OUTAGE_START = "database: cannot be reached; requests answer 503 until it is back";
const OUTAGE_END = "database: reachable again, serving requests";

type Json = Record<string, unknown>;
type Server = { child: ChildProcess; url: string; port: number; output: () => string };
type Session = { cookie: string; csrf: string };

/** Polls `probe` every 200 ms until it answers true; throws with `what` after `timeoutMs`. */
async function until(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The JSON log lines of a process's output (pino), parsed. */
function logLines(out: string): Json[] {
  return out
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => {
      try {
        return JSON.parse(l) as Json;
      } catch {
        return {};
      }
    });
}

describe.runIf(runs)("two server processes on one PostgreSQL database, under faults", () => {
  let server: TestPostgres | undefined;
  let drop: (() => Promise<void>) | undefined;
  let url = "";
  let db: pg.Client | undefined;
  let dir = "";
  const servers: Server[] = [];
  let first: Server;
  let second: Server;

  /** Starts `npm start` (scripts/start.ts) on the database; resolves once it printed its URL. */
  async function startProcess(name: string, extraEnv: Record<string, string> = {}): Promise<Server> {
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: url,
      UPLOAD_DIR: path.join(dir, "uploads"),
      WEB_DIST: path.join(dir, "web"),
      LOG_LEVEL: "warn",
      SCHEDULER_TICK_MS: String(TICK_MS),
      CLAIM_TIMEOUT_MS: String(CLAIM_TIMEOUT_MS),
      ...extraEnv,
    };
    delete env.NODE_ENV;
    const child = spawnGroup(path.resolve("node_modules/.bin/tsx"), ["scripts/start.ts"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr?.on("data", (c: Buffer) => {
      out += c.toString();
    });
    const s: Server = { child, url: "", port: 0, output: () => out };
    servers.push(s);
    await until(
      `${name} to start`,
      async () => {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${out}`);
        const m = /running at http:\/\/localhost:(\d+)/.exec(out);
        if (m) {
          s.port = Number(m[1]);
          s.url = `http://127.0.0.1:${m[1]}`;
        }
        return m !== null;
      },
      120_000,
    );
    return s;
  }

  async function signIn(s: Server, email: string): Promise<Session> {
    const post = (route: string, body: unknown) =>
      fetch(`${s.url}${route}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post("/api/v1/auth/email", { email })).status).toBe(204);
    const mailbox = (await (await fetch(`${s.url}/api/dev/mailbox`)).json()) as { data: { text: string }[] };
    const code = /\b(\d{6})\b/.exec(mailbox.data[0]?.text ?? "")?.[1];
    const verified = await post("/api/v1/auth/verify", { email, code });
    expect(verified.status).toBe(200);
    const cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const csrf = (await (await fetch(`${s.url}/api/v1/refresh_csrf`, { headers: { cookie } })).json()) as {
      csrf_token: string;
    };
    return { cookie, csrf: csrf.csrf_token };
  }

  function call(s: Server, session: Session, method: string, route: string, body?: unknown, lang = "en") {
    return fetch(`${s.url}${route}`, {
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

  /** A planned twitter contest starting in an hour, published by the demo's account. */
  async function twitterContest(): Promise<Json> {
    const account = await db?.query<{ external_id: string }>(
      `SELECT a.external_id FROM accounts a JOIN teams t ON t.id = a.team_id JOIN users u ON u.id = t.owner_id
        WHERE u.email = $1 AND t.is_default AND a.provider = 'twitter'`,
      [DEMO_EMAIL],
    );
    const catalog = loadCatalog();
    const source = structuredClone(catalog.builder.defaults.sources.twitter) as unknown as Json & {
      publication: Json;
      actions: { comment: Json };
    };
    Object.assign(source, { id: 100, type: "twitter" });
    source.publication.account_id = Number(account?.rows[0]?.external_id);
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

  beforeAll(async () => {
    server = await startTestPostgres();
    const database = await createTestDatabase(server.adminUrl);
    drop = database.drop;
    url = database.url;
    dir = mkdtempSync(path.join(tmpdir(), "fairdraw-faults-"));
    const web = path.join(dir, "web");
    mkdirSync(web, { recursive: true });
    writeFileSync(path.join(web, "index.html"), "<!doctype html><title>fairdraw</title>");
    db = new pg.Client({ connectionString: url });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) await stopGroup(s.child);
    await db?.end();
    if (url) await connectionsGone(url);
    await drop?.();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it("starts two processes at once on an empty database: both serve, and the demo is seeded once", async () => {
    [first, second] = await Promise.all([
      startProcess("the first process"),
      startProcess("the second process"),
    ]);
    const owners = await db?.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email = $1", [
      DEMO_EMAIL,
    ]);
    expect(owners?.rows[0]?.n).toBe(1);
    const seeded = [first, second].filter((s) => s.output().includes("A demo team was created"));
    expect(seeded).toHaveLength(1);
    for (const s of [first, second]) expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
  }, 300_000);

  it("answers a body too large with 413 and serves the next request on the same connection", async () => {
    for (const s of [first, second]) {
      const result = await refusedThenNext(s.port, 4 * 1024 * 1024);
      expect(result.error).toBeUndefined();
      expect(result.heads.map((h) => h.split("\r\n")[0])).toEqual([
        "HTTP/1.1 413 Payload Too Large",
        "HTTP/1.1 200 OK",
      ]);
    }
  }, 60_000);

  it("answers 503 with Retry-After while the database is stopped, logs it once each way, and loses nothing", async () => {
    const owner = await signIn(first, DEMO_EMAIL);
    const kept = await call(
      first,
      owner,
      "POST",
      "/api/v1/teams/current/contests/create",
      await twitterContest(),
    );
    expect(kept.status).toBe(201);
    const keptId = ((await kept.json()) as { contest_id: string }).contest_id;
    const lateForm = await twitterContest();
    const before = servers.map((s) => s.output().length);
    await db?.end();
    db = undefined;
    await server?.halt();
    try {
      const statuses: number[] = [];
      const deadline = Date.now() + 6_000;
      while (Date.now() < deadline) {
        for (const s of [first, second]) {
          const list = await call(s, owner, "GET", "/api/v1/teams/current/contests/list", undefined, "fr");
          statuses.push(list.status);
          expect(list.status).toBe(503);
          expect(Number(list.headers.get("retry-after"))).toBeGreaterThan(0);
          const body = (await list.json()) as Json;
          expect(body).toMatchObject({
            error: "databaseUnavailable",
            message: "Le service est momentanément indisponible. Réessayez dans quelques secondes.",
          });
          expect(typeof body.uid).toBe("string");
          const created = await call(s, owner, "POST", "/api/v1/teams/current/contests/create", lateForm);
          statuses.push(created.status);
          const health = await fetch(`${s.url}/api/health`);
          statuses.push(health.status);
        }
      }
      expect(new Set(statuses)).toEqual(new Set([503]));
    } finally {
      await server?.resume();
      db = new pg.Client({ connectionString: url });
      await db.connect();
    }
    for (const s of [first, second]) {
      await until(
        "the process to serve again",
        async () => (await fetch(`${s.url}/api/health`)).status === 200,
        30_000,
      );
    }
    // The same form sent again once the database is back: created once.
    const retried = await call(second, owner, "POST", "/api/v1/teams/current/contests/create", lateForm);
    expect(retried.status).toBe(201);
    const list = await call(second, owner, "GET", "/api/v1/teams/current/contests/list");
    const ids = ((await list.json()) as { data: { _id: string }[] }).data.map((c) => c._id);
    expect(ids).toContain(keptId);
    expect(ids).toContain(((await retried.json()) as { contest_id: string }).contest_id);
    await until(
      "each process to log the outage's end",
      async () => servers.every((s, i) => s.output().slice(before[i]).includes(OUTAGE_END)),
      15_000,
    );
    for (const [i, s] of servers.entries()) {
      const lines = logLines(s.output().slice(before[i]));
      const said = (msg: string) => lines.filter((l) => l.msg === msg).length;
      expect(said(OUTAGE_START), s.output().slice(before[i])).toBe(1);
      expect(said(OUTAGE_END)).toBe(1);
      expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
      // Nothing else said over and over: each warning at most once (the realtime channel's resync, say).
      const warned = lines.filter((l) => Number(l.level) >= 40).map((l) => String(l.msg));
      console.info(`process ${i + 1} warned during the outage: ${JSON.stringify(warned)}`);
      expect(warned.length).toBe(new Set(warned).size);
      expect(s.output().slice(before[i])).not.toMatch(/Failed query|params: \[?"/);
    }
  }, 180_000);

  it("takes over the job a process killed during a batch was running, about CLAIM_TIMEOUT_MS after the kill", async () => {
    // A contest made through the API (its row and start job the model of the batch's copies), read on a client of
    // its own.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // The outage test's contest when it ran (the plan's quota of planned contests is small), else a new one.
      const made = await client.query<{ id: string }>(
        "SELECT id FROM contests WHERE name = 'Coffee giveaway' AND status = 'planned' LIMIT 1",
      );
      let model = made.rows[0]?.id ?? "";
      if (!model) {
        const owner = await signIn(first, DEMO_EMAIL);
        const created = await call(
          first,
          owner,
          "POST",
          "/api/v1/teams/current/contests/create",
          await twitterContest(),
        );
        const body = (await created.json()) as { contest_id: string };
        expect(created.status, JSON.stringify(body)).toBe(201);
        model = body.contest_id;
      }
      for (const s of servers) await stopGroup(s.child);
      await client.query("BEGIN");
      await client.query(
        `INSERT INTO contests SELECT (jsonb_populate_record(c, jsonb_build_object('id', $2 || g))).*
         FROM contests c, generate_series(1, $3::int) g WHERE c.id = $1`,
        [model, "killed-", KILLED_BATCH],
      );
      await client.query(
        `INSERT INTO jobs SELECT (jsonb_populate_record(j, jsonb_build_object('id', $2 || g || '-start',
              'contest_id', $2 || g))).*
         FROM jobs j, generate_series(1, $3::int) g WHERE j.contest_id = $1 AND j.kind = 'start'`,
        [model, "killed-", KILLED_BATCH],
      );
      await client.query("COMMIT");
      const ids = Array.from({ length: KILLED_BATCH }, (_, i) => `killed-${i + 1}`);
      const jobsOf = async () =>
        (
          await client.query<{
            contest_id: string;
            status: string;
            attempts: number;
            done_at: string | null;
          }>(
            "SELECT contest_id, status, attempts, done_at FROM jobs WHERE kind = 'start' AND contest_id = ANY($1)",
            [ids],
          )
        ).rows;
      const slow = await startProcess("the slow process", { SANDBOX_DRIVER_DELAY_MS: String(SLOW_MS) });
      await client.query("UPDATE jobs SET due_at = $2 WHERE kind = 'start' AND contest_id = ANY($1)", [
        ids,
        new Date().toISOString(),
      ]);
      await until(
        "the slow process to start the batch",
        async () => (await jobsOf()).some((j) => j.status === "claimed"),
        30_000,
      );
      const rescuer = await startProcess("the rescuing process", {
        SANDBOX_DRIVER_DELAY_MS: String(RESCUER_MS),
      });
      // Both at work on the batch; then the slow one dies mid-job.
      await new Promise((r) => setTimeout(r, 1_500));
      const pgid = slow.child.pid ?? 0;
      const killedAt = Date.now();
      process.kill(-pgid, "SIGKILL");
      await until("the killed process to be gone", async () => !groupAlive(pgid), 10_000);
      const held = (await jobsOf()).filter((j) => j.status === "claimed").map((j) => j.contest_id);
      expect(held.length).toBeGreaterThan(0);
      await until(
        "the batch to be done",
        async () => (await jobsOf()).every((j) => j.status === "done"),
        120_000,
      );
      const after = await jobsOf();
      // Every job held at the kill (the killed one's, the rescuer's own) done within the claim timeout, one job of
      // the rescuer's and two ticks; a batch claimed at once waited behind each other.
      const takeover = Math.max(
        ...after
          .filter((j) => held.includes(j.contest_id))
          .map((j) => Date.parse(j.done_at ?? "") - killedAt),
      );
      console.info(
        `takeover after the kill: ${takeover} ms (CLAIM_TIMEOUT_MS ${CLAIM_TIMEOUT_MS}, under load)`,
      );
      expect(takeover).toBeLessThan(CLAIM_TIMEOUT_MS + 2 * RESCUER_MS + 2 * TICK_MS + 2_000);
      for (const j of after) expect([1, 2], `${j.contest_id} attempts`).toContain(j.attempts);
      const published = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM publications WHERE kind = 'main' AND contest_id = ANY($1)`,
        [ids],
      );
      expect(published.rows[0]?.n).toBe(KILLED_BATCH);
      expect(rescuer.output()).not.toMatch(/scheduler tick failed/);
    } finally {
      await client.end();
    }
  }, 240_000);
});
