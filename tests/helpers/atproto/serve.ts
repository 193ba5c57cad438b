/**
 * The real AT Protocol network for tests, as a process of its own (tests/helpers/atproto/network.ts starts it):
 * a throwaway PostgreSQL cluster (tests/helpers/postgres.ts), a redis-server on a free loopback port, and
 * @atproto/dev-env's TestNetwork (PLC directory, PDS, Bluesky AppView, Ozone) on top. dev-env's servers listen
 * on every address unless told otherwise and take no host option: here every server this process opens is held
 * to 127.0.0.1 (net.Server's listen, patched in this process only). When it is ready it prints one JSON line
 * (`ready`); it stops everything on SIGTERM, SIGINT or when its stdin closes (the test process went away).
 *
 * A control server beside it (POST /settle) waits until the AppView has indexed everything the PDS sequenced:
 * the AppView reads the PDS's firehose, so a like is listed a moment after it is written.
 */
import { spawn } from "node:child_process";
import { setDefaultResultOrder } from "node:dns";
import { createServer } from "node:http";
import net from "node:net";
import { freePort } from "../free-port";
import { startTestPostgres } from "../postgres";

// dev-env names its servers http://localhost:PORT: resolve that to the address they listen on.
setDefaultResultOrder("ipv4first");
const listen = net.Server.prototype.listen as (this: net.Server, ...args: unknown[]) => net.Server;
net.Server.prototype.listen = function loopbackOnly(this: net.Server, ...args: unknown[]) {
  const [first, ...rest] = args;
  const callback = args.find((a) => typeof a === "function");
  if (typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first))) {
    return listen.call(this, Number(first), "127.0.0.1", ...(callback ? [callback] : []));
  }
  if (first && typeof first === "object" && !("path" in first)) {
    return listen.call(this, { ...(first as net.ListenOptions), host: "127.0.0.1" }, ...rest);
  }
  if (first === undefined || typeof first === "function") {
    return listen.call(this, 0, "127.0.0.1", ...(callback ? [callback] : []));
  }
  return listen.apply(this, args);
} as typeof net.Server.prototype.listen;

async function startRedis() {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--protected-mode",
      "yes",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += String(d)));
  child.stderr?.on("data", (d) => (output += String(d)));
  for (let i = 0; i < 100; i++) {
    if (/Ready to accept connections/.test(output)) break;
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}): ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!/Ready to accept connections/.test(output)) throw new Error(`redis-server did not start: ${output}`);
  return {
    host: `127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      for (let i = 0; i < 50 && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 100));
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

const stops: (() => Promise<void>)[] = [];
let stopping: Promise<void> | null = null;
function stopAll(code: number) {
  stopping ??= (async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (err) {
        process.stderr.write(`atproto network: stopping: ${String(err)}\n`);
      }
    }
    process.exit(code);
  })();
  return stopping;
}
process.on("SIGTERM", () => void stopAll(0));
process.on("SIGINT", () => void stopAll(0));
process.stdin.on("end", () => void stopAll(0));
process.stdin.resume();

try {
  const postgres = await startTestPostgres();
  stops.push(postgres.stop);
  const redis = await startRedis();
  stops.push(redis.stop);
  process.env.REDIS_HOST = redis.host;
  const { TestNetwork } = await import("@atproto/dev-env");
  const network = await TestNetwork.create({
    dbPostgresUrl: postgres.adminUrl,
    dbPostgresSchema: "atproto",
    pds: { hostname: "localhost" },
  });
  stops.push(() => network.close());
  const control = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/settle") return void res.writeHead(404).end();
    network.processAll(10_000).then(
      () => res.writeHead(204).end(),
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  });
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  stops.push(() => new Promise<void>((resolve) => control.close(() => resolve())));
  const address = control.address() as net.AddressInfo;
  process.stdout.write(
    `${JSON.stringify({
      ready: true,
      pds: network.pds.url.replace("localhost", "127.0.0.1"),
      plc: network.plc.url.replace("localhost", "127.0.0.1"),
      appview: network.bsky.url.replace("localhost", "127.0.0.1"),
      control: `http://127.0.0.1:${address.port}`,
      postgres: postgres.adminUrl,
    })}\n`,
  );
} catch (err) {
  process.stderr.write(
    `atproto network: could not start: ${err instanceof Error ? err.stack : String(err)}\n`,
  );
  await stopAll(1);
}
