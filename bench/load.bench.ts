/**
 * Lists under load: 50 concurrent clients (autocannon, keep-alive) against the real server in its own process on
 * 127.0.0.1, the authenticated contest list beside /api/health in the same run, rounds interleaved; at two team
 * sizes 10× apart (20 and 200 contests; the list's page is 20 either way). Aim: the list at ≥ 0.4× the health
 * route's requests per second. Bounded: each round lasts a fixed few seconds; the server stops by itself.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import autocannon from "autocannon";

const CONNECTIONS = 50;
const ROUND_SECONDS = 4;
const ROUNDS = 3;

type Server = { port: number; cookie: string; child: ChildProcess };

async function startServer(contests: number, cpuProfDir?: string): Promise<Server> {
  const child = spawn(
    process.execPath,
    [
      ...(cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : []),
      "--import",
      "tsx",
      "bench/fixtures/load-server.ts",
    ],
    {
      env: { ...process.env, CONTESTS: String(contests), MAX_SECONDS: "300", LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the load server did not start within 120 s")), 120_000);
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once("line", (l) => {
      clearTimeout(timer);
      resolve(l);
    });
    child.once("exit", (code) => reject(new Error(`the load server exited (${code})`)));
  });
  const { port, cookie } = JSON.parse(line) as { port: number; cookie: string };
  return { port, cookie, child };
}

function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once("exit", () => resolve());
    server.child.kill("SIGTERM");
  });
}

async function hammer(url: string, headers: Record<string, string>) {
  const result = await autocannon({
    url,
    headers: { "accept-encoding": "br, gzip", ...headers },
    connections: CONNECTIONS,
    duration: ROUND_SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export type LoadRow = {
  contests: number;
  health: number;
  list: number;
  listP50: number;
  listP99: number;
  healthP50: number;
};

export async function measureLoad(contests: number, cpuProfDir?: string): Promise<LoadRow> {
  const server = await startServer(contests, cpuProfDir);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const health: number[] = [];
    const list: number[] = [];
    const listP50: number[] = [];
    const listP99: number[] = [];
    const healthP50: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const h = await hammer(`${base}/api/health`, {});
      const l = await hammer(`${base}/api/v1/teams/current/contests/list`, { cookie: server.cookie });
      health.push(h.rps);
      healthP50.push(h.p50);
      list.push(l.rps);
      listP50.push(l.p50);
      listP99.push(l.p99);
    }
    return {
      contests,
      health: median(health),
      list: median(list),
      listP50: median(listP50),
      listP99: median(listP99),
      healthP50: median(healthP50),
    };
  } finally {
    await stopServer(server);
  }
}

export async function run(): Promise<string> {
  const rows = [await measureLoad(20), await measureLoad(200)];
  const lines = [
    "| contests in the team | GET /api/health req/s | GET contests/list req/s | list ÷ health | list p50 / p99 latency | health p50 |",
    "|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.contests} | ${Math.round(r.health).toLocaleString("en")} | ${Math.round(r.list).toLocaleString("en")} | ${(r.list / r.health).toFixed(2)}× | ${r.listP50} / ${r.listP99} ms | ${r.healthP50} ms |`,
    ),
  ];
  const [small, big] = rows;
  return [
    "## Lists under load (bench/load.bench.ts)",
    "",
    `${CONNECTIONS} concurrent keep-alive clients (autocannon, in the bench's process) against the real server in its own process on 127.0.0.1 (same SQLite file in WAL, the owner's session cookie, \`Accept-Encoding: br, gzip\`), ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s per route, medians. The contest list is the first page (20 items) of a team of 20, then of 200, contests.`,
    "",
    ...lines,
    "",
    `Under load the authenticated contest list serves **${small && (small.list / small.health).toFixed(2)}×** the requests per second of /api/health with 20 contests and **${big && (big.list / big.health).toFixed(2)}×** with 200 (aim: at least 0.4×).`,
  ].join("\n");
}
