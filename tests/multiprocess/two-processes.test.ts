/**
 * Several app processes on one PostgreSQL database (issue 17, docs/decisions/021-postgresql.md plan step 7):
 * real `scripts/start.ts` processes (each in a process group of its own, in the suite's ledger) on one database
 * of a real server, with the scheduler's tick and claim timeout lowered by env.
 * - a contest created through the first is listed by the second;
 * - a notification raised on the first reaches a WebSocket connected to the second;
 * - an abuse limit (sign-in codes per e-mail) is counted across both, in the database;
 * - 200 start jobs due at once are each run exactly once across the two (asserted from the database: done,
 *   attempts 1, one main publication per contest);
 * A process killed with SIGKILL during a batch, and the other faults (a cold start of two, a database outage, a
 * refused body), are in tests/multiprocess/faults.test.ts.
 * Without PostgreSQL the file says so loudly and runs nothing (CI sets FAIRDRAW_REQUIRE_POSTGRES=1 and fails).
 */
import { rmSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { DEMO_EMAIL } from "../../api/db/seed";
import {
  type AppProcess,
  callAs,
  plannedTwitterContest,
  type Session,
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
import { stopGroup } from "../helpers/processes";

const unavailable = postgresUnavailable();
const runs = unavailable === null || process.env.FAIRDRAW_REQUIRE_POSTGRES === "1";
if (!runs) console.warn(`\n!!! multi-process tests NOT RUN: ${unavailable}.\n`);

const TICK_MS = 300;
const CLAIM_TIMEOUT_MS = 4_000;
const BATCH = 200;
/** The sign-in codes one address may ask for in an hour, lowered so the test reaches it. */
const CODES_PER_EMAIL = 4;

type Json = Record<string, unknown>;
type Server = AppProcess;

describe.runIf(runs)("two server processes on one PostgreSQL database", () => {
  let server: TestPostgres | undefined;
  let drop: (() => Promise<void>) | undefined;
  let url = "";
  let db: pg.Client;
  let dir = "";
  const servers: Server[] = [];
  let first: Server;
  let second: Server;
  let owner: Session;
  let teamId = "";
  let contestId = "";

  /** Starts `npm start` on the database with the scheduler's tick, claim timeout and sign-in limit lowered. */
  async function startProcess(name: string): Promise<Server> {
    const s = await startAppProcess(name, {
      databaseUrl: url,
      dir,
      env: {
        SCHEDULER_TICK_MS: String(TICK_MS),
        CLAIM_TIMEOUT_MS: String(CLAIM_TIMEOUT_MS),
        LIMITS: `signin.codes.per_email=${CODES_PER_EMAIL}/1h`,
      },
    });
    servers.push(s);
    return s;
  }

  /** Copies the contest and its start job `n` times (ids prefix-1..n), in one statement each. */
  async function cloneContest(prefix: string, n: number): Promise<string[]> {
    // One transaction, as the app creates a contest with its jobs: the servers' ticks never see the copies
    // without their start jobs (they would adopt them as orphans and plan their own).
    await db.query("BEGIN");
    await db.query(
      `INSERT INTO contests
       SELECT (jsonb_populate_record(c, jsonb_build_object('id', $2 || g))).*
         FROM contests c, generate_series(1, $3::int) g WHERE c.id = $1`,
      [contestId, `${prefix}-`, n],
    );
    await db.query(
      `INSERT INTO jobs
       SELECT (jsonb_populate_record(j, jsonb_build_object('id', $2 || g || '-start', 'contest_id', $2 || g))).*
         FROM jobs j, generate_series(1, $3::int) g WHERE j.contest_id = $1 AND j.kind = 'start'`,
      [contestId, `${prefix}-`, n],
    );
    await db.query("COMMIT");
    return Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);
  }

  /** Makes the start jobs of these contests due now, all in one statement. */
  async function dueNow(ids: string[]): Promise<void> {
    const { rowCount } = await db.query(
      "UPDATE jobs SET due_at = $2 WHERE kind = 'start' AND status = 'pending' AND contest_id = ANY($1)",
      [ids, new Date().toISOString()],
    );
    expect(rowCount).toBe(ids.length);
  }

  async function startJobs(ids: string[]) {
    const { rows } = await db.query<{ contest_id: string; status: string; attempts: number }>(
      "SELECT contest_id, status, attempts FROM jobs WHERE kind = 'start' AND contest_id = ANY($1)",
      [ids],
    );
    return rows;
  }

  async function mainPublications(ids: string[]) {
    const { rows } = await db.query<{ contest_id: string; n: number }>(
      `SELECT contest_id, count(*)::int AS n FROM publications
        WHERE kind = 'main' AND contest_id = ANY($1) GROUP BY contest_id`,
      [ids],
    );
    return rows;
  }

  beforeAll(async () => {
    server = await startTestPostgres();
    const database = await createTestDatabase(server.adminUrl);
    drop = database.drop;
    url = database.url;
    dir = scratchDir("fairdraw-multi-");
    // The first migrates and seeds the demo; the second finds both done.
    first = await startProcess("the first process");
    second = await startProcess("the second process");
    db = new pg.Client({ connectionString: url });
    await db.connect();
    const team = await db.query<{ id: string }>(
      "SELECT t.id FROM teams t JOIN users u ON u.id = t.owner_id WHERE u.email = $1 AND t.is_default",
      [DEMO_EMAIL],
    );
    teamId = team.rows[0]?.id ?? "";
    owner = await signInByCode(first, DEMO_EMAIL);
  }, 300_000);

  afterAll(async () => {
    for (const s of servers) await stopGroup(s.child);
    await db?.end();
    if (url) await connectionsGone(url);
    await drop?.();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it("answers the health check of each with the PostgreSQL database it reached", async () => {
    for (const s of [first, second]) {
      const res = await fetch(`${s.url}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok", database: { dialect: "postgresql", reached: true } });
    }
  });

  it("lists on the second a contest created through the first, for the same session", async () => {
    const account = await db.query<{ external_id: string }>(
      "SELECT external_id FROM accounts WHERE team_id = $1 AND provider = 'twitter'",
      [teamId],
    );
    const created = await callAs(
      first,
      owner,
      "POST",
      "/api/v1/teams/current/contests/create",
      plannedTwitterContest(account.rows[0]?.external_id ?? ""),
    );
    const answer = (await created.json()) as { contest_id?: string };
    expect(created.status, JSON.stringify(answer)).toBe(201);
    contestId = answer.contest_id ?? "";
    const listed = await callAs(second, owner, "GET", "/api/v1/teams/current/contests/list");
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { data: { _id: string }[] };
    expect(body.data.map((c) => c._id)).toContain(contestId);
  }, 60_000);

  it("delivers to a WebSocket connected to the second a notification raised on the first", async () => {
    const received: Json[] = [];
    const socket = new WebSocket(`${second.url.replace(/^http/, "ws")}/api/v1/ws`, {
      headers: { cookie: owner.cookie, origin: second.url },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("open", () => resolve());
        socket.once("error", reject);
        socket.once("unexpected-response", (_req, res) => reject(new Error(`handshake ${res.statusCode}`)));
      });
      socket.on("message", (data) => received.push(JSON.parse(data.toString()) as Json));
      const account = await db.query<{ id: string }>(
        "SELECT id FROM accounts WHERE team_id = $1 AND provider = 'twitter'",
        [teamId],
      );
      const asked = await callAs(
        first,
        owner,
        "POST",
        `/api/v1/teams/current/accounts/${account.rows[0]?.id}/request_reconnect`,
      );
      expect(asked.status).toBe(200);
      await until(
        "the notification on the second process's socket",
        async () =>
          received.some(
            (m) =>
              m.type === "add_notification" &&
              (m.notification as { content?: { key?: string } }).content?.key === "accountReconnectRequested",
          ),
        20_000,
      );
    } finally {
      socket.terminate();
    }
  }, 60_000);

  it("counts an abuse limit across the two processes: asked alternately on each, the codes stop at the limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < CODES_PER_EMAIL + 2; i++) {
      const s = i % 2 === 0 ? first : second;
      const res = await fetch(`${s.url}/api/v1/auth/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "limited@brand.example" }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(CODES_PER_EMAIL).fill(204), 429, 429]);
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM limit_hits WHERE name = 'signin.codes.per_email' AND key = $1",
      ["limited@brand.example"],
    );
    expect(rows[0]?.n).toBe(CODES_PER_EMAIL);
  }, 60_000);

  it("runs 200 jobs due at once exactly once across the two processes", async () => {
    const ids = [contestId, ...(await cloneContest("batch", BATCH - 1))];
    await dueNow(ids);
    try {
      await until(
        "the 200 start jobs to be done",
        async () => (await startJobs(ids)).every((j) => j.status === "done"),
        180_000,
      );
    } catch (err) {
      // What was left, and what the processes said: enough to tell a stalled claim from a failing job.
      const { rows } = await db.query(
        `SELECT status, attempts, due_at, claimed_at, left(coalesce(last_error, ''), 200) AS error, count(*)::int AS n
           FROM jobs WHERE kind = 'start' AND contest_id = ANY($1) AND status <> 'done'
          GROUP BY 1, 2, 3, 4, 5 ORDER BY n DESC LIMIT 10`,
        [ids],
      );
      const tails = servers.map((s) => s.output().slice(-3000)).join("\n---\n");
      throw new Error(`${(err as Error).message}: left ${JSON.stringify(rows)}\n${tails}`);
    }
    const jobs = await startJobs(ids);
    expect(jobs).toHaveLength(BATCH);
    expect(jobs.filter((j) => j.status === "done" && j.attempts === 1)).toHaveLength(BATCH);
    const published = await mainPublications(ids);
    expect(published).toHaveLength(BATCH);
    expect(published.every((p) => p.n === 1)).toBe(true);
  }, 240_000);
});
