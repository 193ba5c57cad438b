/**
 * Starts the real AT Protocol network (tests/helpers/atproto/serve.ts) as a process group of its own and waits,
 * bounded, for its `ready` line: the PDS (BLUESKY_SERVICE_URL: it proxies app.bsky.* reads to the AppView), the
 * PLC directory, the AppView, the control server and the PostgreSQL cluster it runs on.
 */
import { type ChildProcess, spawnSync } from "node:child_process";
import path from "node:path";
import { postgresUnavailable } from "../postgres";
import { spawnGroup, stopGroup } from "../processes";

export type AtprotoNetwork = {
  pds: string;
  plc: string;
  appview: string;
  control: string;
  postgres: string;
};

const SERVE = path.join(import.meta.dirname, "serve.ts");

export async function startAtprotoNetwork(
  timeoutMs = 240_000,
): Promise<AtprotoNetwork & { stop: () => Promise<void> }> {
  let child: ChildProcess | undefined = spawnGroup(process.execPath, ["--import", "tsx", SERVE], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, NODE_ENV: "test" },
  });
  const stop = async () => {
    child?.stdin?.end();
    await stopGroup(child, 20_000);
    child = undefined;
  };
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  try {
    const ready = await new Promise<AtprotoNetwork>((resolve, reject) => {
      let out = "";
      const timer = setTimeout(() => reject(new Error(`not ready after ${timeoutMs} ms`)), timeoutMs);
      child?.stdout?.on("data", (d) => {
        out += String(d);
        const line = out.split("\n").find((l) => l.startsWith('{"ready":true'));
        if (!line) return;
        clearTimeout(timer);
        resolve(JSON.parse(line) as AtprotoNetwork);
      });
      child?.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code}`));
      });
    });
    return { ...ready, stop };
  } catch (err) {
    await stop();
    throw new Error(`the AT Protocol network did not start: ${(err as Error).message}\n${stderr}`);
  }
}

/** Waits until the AppView has indexed everything the PDS has written (its firehose is read asynchronously). */
export async function settle(network: Pick<AtprotoNetwork, "control">): Promise<void> {
  const res = await fetch(`${network.control}/settle`, { method: "POST" });
  if (res.status !== 204) throw new Error(`settle answered ${res.status}: ${await res.text()}`);
}

/** Why the network cannot start here (no redis-server, no PostgreSQL), or null. */
export function atprotoNetworkUnavailable(): string | null {
  const pg = postgresUnavailable();
  if (pg) return pg;
  const found = spawnSync("redis-server", ["--version"], { encoding: "utf8" });
  if (found.error || found.status !== 0) return "no redis-server (Debian's redis-server package)";
  return null;
}
