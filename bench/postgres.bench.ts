/**
 * PostgreSQL beside SQLite (issue 17): the same app in its own process on each engine, and on PostgreSQL one
 * process beside two on the same database.
 * 1. Sequential requests over HTTP on 127.0.0.1 (one at a time, keep-alive): GET /api/health (which now asks the
 *    database `SELECT 1`), the authenticated contest list (first page of 20) and a contest create (the maximal
 *    contest: full validation, quota, idempotency, write), on SQLite then on PostgreSQL, rounds interleaved.
 * 2. Throughput of the contest list under 50 concurrent keep-alive clients (autocannon): all 50 on one process,
 *    then 25 on each of two processes on the same PostgreSQL database, rounds interleaved, medians.
 * Bounded: fixed rounds of fixed seconds; every server stops by itself; the throwaway PostgreSQL cluster is removed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { createTestDatabase, startTestPostgres } from "../tests/helpers/postgres";
import { maximalContest } from "./fixtures/maximal-contest";
import { type AsyncCase, type AsyncOptions, formatNs, type Measured, measureAsync } from "./harness";

const CONTESTS = 20;
const CONNECTIONS = 50;
const ROUND_SECONDS = 4;
const ROUNDS = 3;
const LIST = "/api/v1/teams/current/contests/list";

/** 8 interleaved rounds per case, each about 150 ms of back-to-back requests: at least 5, at most 2,000, never past 5 s. */
const BOUNDS: AsyncOptions = {
  rounds: 8,
  roundMs: 150,
  minPerRound: 5,
  maxPerRound: 2_000,
  calibrationCalls: 20,
  maxRoundMs: 5_000,
};

type Server = { base: string; cookie: string; csrf: string; child: ChildProcess };

async function startServer(databaseUrl: string, setup: boolean): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/fixtures/db-server.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SETUP: setup ? "1" : "",
      CONTESTS: String(CONTESTS),
      MAX_SECONDS: "600",
    },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the bench server did not start within 180 s")), 180_000);
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once("line", (l) => {
      clearTimeout(timer);
      resolve(l);
    });
    child.once("exit", (code) => reject(new Error(`the bench server exited (${code})`)));
  });
  const hello = JSON.parse(line) as { port: number; cookie?: string; csrf?: string };
  return {
    base: `http://127.0.0.1:${hello.port}`,
    cookie: hello.cookie ?? "",
    csrf: hello.csrf ?? "",
    child,
  };
}

function stopServer(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!server || server.child.exitCode !== null) return resolve();
    server.child.once("exit", () => resolve());
    server.child.kill("SIGTERM");
  });
}

async function expectStatus(res: Response, status: number, what: string): Promise<void> {
  await res.arrayBuffer();
  if (res.status !== status) throw new Error(`${what} answered ${res.status}`);
}

/** The three requests on one server (the session is `owner`'s, set up by the engine's first process). */
function cases(engine: string, s: Server, owner: Server): AsyncCase[] {
  const form = maximalContest();
  const write = {
    cookie: owner.cookie,
    "x-csrf-token": owner.csrf,
    "x-requested-with": "XMLHttpRequest",
    "content-type": "application/json",
  };
  return [
    {
      name: `${engine}: GET /api/health`,
      fn: async () => expectStatus(await fetch(`${s.base}/api/health`), 200, "health"),
    },
    {
      name: `${engine}: GET contests/list (20 a page)`,
      fn: async () =>
        expectStatus(await fetch(`${s.base}${LIST}`, { headers: { cookie: owner.cookie } }), 200, "list"),
    },
    {
      name: `${engine}: POST contests/create (maximal contest)`,
      fn: async () =>
        expectStatus(
          await fetch(`${s.base}/api/v1/teams/current/contests/create`, {
            method: "POST",
            headers: write,
            body: JSON.stringify({
              ...form,
              status: "planned",
              forPayment: false,
              idempotency_key: randomUUID(),
            }),
          }),
          201,
          "create",
        ),
    },
  ];
}

/** One autocannon run per server at once, `connections` split evenly; answers the summed requests per second. */
async function hammer(servers: Server[], cookie: string): Promise<{ rps: number; p50: number; p99: number }> {
  const each = Math.floor(CONNECTIONS / servers.length);
  const results = await Promise.all(
    servers.map((s) =>
      autocannon({
        url: `${s.base}${LIST}`,
        headers: { cookie, "accept-encoding": "br, gzip" },
        connections: each,
        duration: ROUND_SECONDS,
      }),
    ),
  );
  for (const r of results) {
    if (r.non2xx > 0 || r.errors > 0)
      throw new Error(`contest list: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  }
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

function table(results: Measured[]): string {
  const byName = new Map(results.map((r) => [r.name, r]));
  const lines = [
    "| request | SQLite median | PostgreSQL median | PostgreSQL ÷ SQLite | ÷ health, SQLite | ÷ health, PostgreSQL |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  const health = { s: byName.get("SQLite: GET /api/health"), p: byName.get("PostgreSQL: GET /api/health") };
  for (const what of [
    "GET /api/health",
    "GET contests/list (20 a page)",
    "POST contests/create (maximal contest)",
  ]) {
    const s = byName.get(`SQLite: ${what}`);
    const p = byName.get(`PostgreSQL: ${what}`);
    if (!s || !p || !health.s || !health.p) continue;
    lines.push(
      `| ${what} | ${formatNs(s.medianNs)} | ${formatNs(p.medianNs)} | ${(p.medianNs / s.medianNs).toFixed(2)}× | ${(s.medianNs / health.s.medianNs).toFixed(1)}× | ${(p.medianNs / health.p.medianNs).toFixed(1)}× |`,
    );
  }
  return lines.join("\n");
}

export async function run(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "fairdraw-bench-pg-"));
  const cluster = await startTestPostgres();
  const servers: Server[] = [];
  try {
    const database = await createTestDatabase(cluster.adminUrl);
    const sqlite = await startServer(path.join(dir, "bench.db"), true);
    servers.push(sqlite);
    const pgFirst = await startServer(database.url, true);
    servers.push(pgFirst);

    const sequential = [...cases("SQLite", sqlite, sqlite), ...cases("PostgreSQL", pgFirst, pgFirst)];
    for (const c of sequential) await c.fn();
    const measured = await measureAsync(sequential, BOUNDS);

    const pgSecond = await startServer(database.url, false);
    servers.push(pgSecond);
    const one: { rps: number; p50: number; p99: number }[] = [];
    const two: { rps: number; p50: number; p99: number }[] = [];
    await hammer([pgFirst, pgSecond], pgFirst.cookie); // warm-up of both
    for (let r = 0; r < ROUNDS; r++) {
      one.push(await hammer([pgFirst], pgFirst.cookie));
      two.push(await hammer([pgFirst, pgSecond], pgFirst.cookie));
    }
    const oneRps = median(one.map((x) => x.rps));
    const twoRps = median(two.map((x) => x.rps));
    const byName = new Map(measured.map((m) => [m.name, m.medianNs]));
    const ratio = (what: string) =>
      (
        (byName.get(`PostgreSQL: ${what}`) ?? Number.NaN) / (byName.get(`SQLite: ${what}`) ?? Number.NaN)
      ).toFixed(2);
    return [
      "## PostgreSQL beside SQLite (bench/postgres.bench.ts)",
      "",
      `The same app (\`openDb\`, \`createDeps\`, \`createApp\`, as \`npm start\`) in its own process on each engine: a SQLite file (WAL) and a PostgreSQL database on a throwaway local cluster (Debian's binaries, fsync off, 127.0.0.1, pool of 10), each with the bench team and ${CONTESTS} maximal contests created through the API. The health route asks the database \`SELECT 1\`.`,
      "",
      "Sequential requests over HTTP (one at a time, keep-alive), 8 interleaved rounds of about 150 ms per case:",
      "",
      table(measured),
      "",
      `On PostgreSQL the contest list costs **${ratio("GET contests/list (20 a page)")}×** its SQLite time and a contest create **${ratio("POST contests/create (maximal contest)")}×** (the health route **${ratio("GET /api/health")}×**): each query is a round trip to another process instead of a call into the library.`,
      "",
      `Contest list under ${CONNECTIONS} concurrent keep-alive clients (autocannon in the bench's process), ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s, medians; the same PostgreSQL database and session:`,
      "",
      "| processes | contest list req/s | p50 / p99 latency (worst process) |",
      "|---:|---:|---:|",
      `| 1 (50 clients) | ${Math.round(oneRps).toLocaleString("en")} | ${median(one.map((x) => x.p50))} / ${median(one.map((x) => x.p99))} ms |`,
      `| 2 (25 clients each) | ${Math.round(twoRps).toLocaleString("en")} | ${median(two.map((x) => x.p50))} / ${median(two.map((x) => x.p99))} ms |`,
      "",
      `Two processes serve **${(twoRps / oneRps).toFixed(2)}×** the list requests per second of one. This machine has ${os.cpus().length} cores for both app processes, the PostgreSQL server and the load generator, so the figure says whether a second process adds throughput here, not how it scales on separate machines.`,
    ].join("\n");
  } finally {
    for (const s of servers) await stopServer(s);
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
