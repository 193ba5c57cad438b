/**
 * The API's cost per request, measured in the same run against the same app: the bare route (GET /api/health:
 * logging, secure headers, body limit, session lookup with no cookie, routing) beside an authenticated read
 * (GET /api/v1/users/me: session, user, team context, permissions, notifications count) and a team list
 * (GET /api/v1/teams/current/members/list, a team of 8). First in-process through `app.request()`, then over
 * real HTTP on 127.0.0.1 with keep-alive (node's fetch). Every loop is bounded in count and in time.
 */

import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createTestApp } from "../tests/helpers/test-app";
import { benchTeam } from "./fixtures/bench-team";
import { MAXIMAL_NOW } from "./fixtures/maximal-contest";
import { type AsyncCase, type AsyncOptions, formatNs, type Measured, measureAsync } from "./harness";

/**
 * 10 interleaved rounds per case, each about 120 ms of back-to-back requests: at least 10, at most 4,000, never
 * past 5 s.
 */
const BOUNDS: AsyncOptions = {
  rounds: 10,
  roundMs: 120,
  minPerRound: 10,
  maxPerRound: 4_000,
  calibrationCalls: 50,
  maxRoundMs: 5_000,
};

/** Requests per second and the cost of each case as a multiple of the first (the bare route). */
function requestsTable(results: Measured[]): string {
  const bare = results[0];
  const lines = ["| case | median per request | requests/s | cost vs bare route |", "|---|---:|---:|---:|"];
  for (const r of results) {
    const ratio = bare ? r.medianNs / bare.medianNs : Number.NaN;
    lines.push(
      `| ${r.name} | ${formatNs(r.medianNs)} | ${Math.round(r.opsPerSec).toLocaleString("en")} | ${ratio.toFixed(2)}× |`,
    );
  }
  return lines.join("\n");
}

/** Fails the bench rather than measuring error answers. */
async function expectOk(res: Response, what: string): Promise<void> {
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}`);
}

export async function run(): Promise<string> {
  // The maximal contest's dates are relative to MAXIMAL_NOW: the server clock stands there.
  const t = await createTestApp({ clock: () => MAXIMAL_NOW });
  try {
    const { headers, createContest } = await benchTeam(t);
    const ROUTES = [
      { name: "GET /api/health (bare route)", path: "/api/health", headers: {} },
      { name: "GET /api/v1/users/me (session)", path: "/api/v1/users/me", headers },
      {
        name: "GET /api/v1/teams/current/members/list (8 members)",
        path: "/api/v1/teams/current/members/list",
        headers,
      },
    ];

    const inProcess: AsyncCase[] = ROUTES.map((r) => ({
      name: r.name,
      fn: async () => expectOk(await t.app.request(r.path, { headers: r.headers }), r.path),
    }));
    inProcess.push(
      { name: "POST contests/create (maximal contest: full validation + write)", fn: createContest },
      {
        name: "GET contests/list (20 contests a page)",
        fn: async () =>
          expectOk(
            await t.app.request("/api/v1/teams/current/contests/list", { headers }),
            "/api/v1/teams/current/contests/list",
          ),
      },
    );
    for (const c of inProcess) await c.fn();
    const local = await measureAsync(inProcess, BOUNDS);

    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
    });
    let http: Measured[];
    try {
      const { port } = server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      const overHttp: AsyncCase[] = ROUTES.map((r) => ({
        name: r.name,
        fn: async () => expectOk(await fetch(`${base}${r.path}`, { headers: r.headers }), r.path),
      }));
      for (const c of overHttp) await c.fn();
      http = await measureAsync(overHttp, BOUNDS);
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive sockets of fetch's pool would hold close() open.
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
    }

    const cost = (m: Measured[], i: number) =>
      ((m[i]?.medianNs ?? Number.NaN) / (m[0]?.medianNs ?? Number.NaN)).toFixed(1);
    return [
      "## API requests (bench/api.bench.ts)",
      "",
      "Sequential requests to the same app, the same SQLite file (WAL) and the same session: the bare route beside an authenticated read and a team list. Each round is about 120 ms of back-to-back requests, at most 4,000; 10 interleaved rounds per case.",
      "",
      "In-process (`app.request()`, no network):",
      "",
      requestsTable(local),
      "",
      "Over HTTP on 127.0.0.1 (@hono/node-server, node's fetch with keep-alive, one request at a time):",
      "",
      requestsTable(http),
      "",
      `In-process, a signed-in read costs **${cost(local, 1)}×** the bare route and the members list **${cost(local, 2)}×**; creating the maximal contest (structure, every rule, payload, idempotency, write) **${cost(local, 3)}×** and the contests list **${cost(local, 4)}×**. Over HTTP, where the socket and the client's own work are added to every case, a signed-in read costs **${cost(http, 1)}×** and the members list **${cost(http, 2)}×**.`,
    ].join("\n");
  } finally {
    t.cleanup();
  }
}
