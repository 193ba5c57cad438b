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
import { rmSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL } from "../../api/db/seed";
import {
  type AppProcess,
  callAs,
  plannedTwitterContest,
  scratchDir,
  signInByCode,
  startAppProcess,
  until,
} from "../helpers/app-processes";
import { connectionsGone } from "../helpers/pg-connections";
import {
  createTestDatabase,
  postgresUnavailable,
  startTestPostgres,
  type TestPostgres,
} from "../helpers/postgres";
import { groupAlive, stopGroup } from "../helpers/processes";
import { refusedThenNext } from "../helpers/raw-http";

const unavailable = postgresUnavailable();
const runs = unavailable === null || process.env.FAIRDRAW_REQUIRE_POSTGRES === "1";
if (!runs) console.warn(`\n!!! multi-process fault tests NOT RUN: ${unavailable}.\n`);

const TICK_MS = 300;
const CLAIM_TIMEOUT_MS = 4_000;
const KILLED_BATCH = 10;
/** The killed process's network delay per publication, and the rescuer's (both busy, as with real networks). */
const SLOW_MS = 3_000;
const RESCUER_MS = 1_000;
const OUTAGE_START = "database: cannot be reached; requests answer 503 until it is back";
const OUTAGE_END = "database: reachable again, serving requests";

type Json = Record<string, unknown>;
type Server = AppProcess;

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

  /** Starts `npm start` on the database with the scheduler's tick and claim timeout lowered. */
  async function startProcess(name: string, extraEnv: Record<string, string> = {}): Promise<Server> {
    const s = await startAppProcess(name, {
      databaseUrl: url,
      dir,
      env: { SCHEDULER_TICK_MS: String(TICK_MS), CLAIM_TIMEOUT_MS: String(CLAIM_TIMEOUT_MS), ...extraEnv },
    });
    servers.push(s);
    return s;
  }

  /** A planned twitter contest starting in an hour, published by the demo's account. */
  async function twitterContest(): Promise<Json> {
    const account = await db?.query<{ external_id: string }>(
      `SELECT a.external_id FROM accounts a JOIN teams t ON t.id = a.team_id JOIN users u ON u.id = t.owner_id
        WHERE u.email = $1 AND t.is_default AND a.provider = 'twitter'`,
      [DEMO_EMAIL],
    );
    return plannedTwitterContest(account?.rows[0]?.external_id ?? "");
  }

  beforeAll(async () => {
    server = await startTestPostgres();
    const database = await createTestDatabase(server.adminUrl);
    drop = database.drop;
    url = database.url;
    dir = scratchDir("fairdraw-faults-");
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
    const owner = await signInByCode(first, DEMO_EMAIL);
    const kept = await callAs(
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
          const list = await callAs(s, owner, "GET", "/api/v1/teams/current/contests/list", undefined, "fr");
          statuses.push(list.status);
          expect(list.status).toBe(503);
          expect(Number(list.headers.get("retry-after"))).toBeGreaterThan(0);
          const body = (await list.json()) as Json;
          expect(body).toMatchObject({
            error: "databaseUnavailable",
            message: "Le service est momentanément indisponible. Réessayez dans quelques secondes.",
          });
          expect(typeof body.uid).toBe("string");
          const created = await callAs(s, owner, "POST", "/api/v1/teams/current/contests/create", lateForm);
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
    const retried = await callAs(second, owner, "POST", "/api/v1/teams/current/contests/create", lateForm);
    expect(retried.status).toBe(201);
    const list = await callAs(second, owner, "GET", "/api/v1/teams/current/contests/list");
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
        const owner = await signInByCode(first, DEMO_EMAIL);
        const created = await callAs(
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
