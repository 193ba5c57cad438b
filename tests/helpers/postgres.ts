/**
 * A real PostgreSQL server for tests: TEST_DATABASE_URL when given (its role needs CREATEDB), otherwise a
 * throwaway cluster this helper creates with the installed server binaries (initdb in a temporary directory,
 * 127.0.0.1 on a free port, trust auth, fsync off) and removes at the end. Each test file gets a database of its
 * own (createTestDatabase), in the C locale so text sorts byte by byte as on SQLite.
 *
 * As root (CI), the cluster runs as the `postgres` user the Debian package creates: initdb refuses root.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./free-port";
import { groupAlive } from "./processes";

export type TestPostgres = {
  /** A URL of the server's maintenance database (postgres), as a superuser or a CREATEDB role. */
  adminUrl: string;
  /** Where it came from, for the banner: "TEST_DATABASE_URL" or the cluster's binaries. */
  source: string;
  stop: () => Promise<void>;
  /**
   * Stops the server (fast shutdown: connections are cut) and starts it again on the same port and data, for
   * tests of an outage; a server given by TEST_DATABASE_URL cannot be, and these throw.
   */
  halt: () => Promise<void>;
  resume: () => Promise<void>;
};

/** The installed server binaries' folder: PG_BIN, else the newest /usr/lib/postgresql/N/bin, else none. */
export function postgresBinaries(): string | null {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return existsSync(path.join(fromEnv, "initdb")) ? fromEnv : null;
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => /^\d+$/.test(v) && existsSync(path.join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], "bin") : null;
}

/** Why no PostgreSQL can be had here, or null when one can (a URL or binaries to start a cluster). */
export function postgresUnavailable(): string | null {
  if (process.env.TEST_DATABASE_URL) return null;
  if (postgresBinaries()) return null;
  return "no TEST_DATABASE_URL and no PostgreSQL server binaries (/usr/lib/postgresql/N/bin, or PG_BIN)";
}

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** Runs a server binary as the cluster's owner (postgres when we are root), bounded in time. */
function runAsOwner(asPostgres: boolean, argv: string[], timeoutMs: number): string {
  const [bin, ...args] = argv as [string, ...string[]];
  const result = asPostgres
    ? spawnSync("su", ["postgres", "-s", "/bin/sh", "-c", argv.map(quote).join(" ")], {
        encoding: "utf8",
        timeout: timeoutMs,
        stdio: ["ignore", "pipe", "pipe"],
      })
    : spawnSync(bin, args, { encoding: "utf8", timeout: timeoutMs, stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(bin)} failed (status ${result.status}, ${result.signal ?? "no signal"}): ${result.stderr}${result.stdout}`,
    );
  }
  return result.stdout;
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    const cannot = async () => {
      throw new Error(
        "an outage test needs a throwaway cluster: TEST_DATABASE_URL's server is not ours to stop",
      );
    };
    return {
      adminUrl: given,
      source: "TEST_DATABASE_URL",
      stop: async () => {},
      halt: cannot,
      resume: cannot,
    };
  }
  const bin = postgresBinaries();
  if (!bin) throw new Error(postgresUnavailable() ?? "no PostgreSQL");

  const asPostgres = process.getuid?.() === 0;
  // As root the cluster's folder must be reachable by the postgres user: /tmp, whatever TMPDIR says.
  const dir = mkdtempSync(path.join(asPostgres ? "/tmp" : tmpdir(), "fairdraw-pg-"));
  if (asPostgres) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  let postmaster = 0;
  let stopped = false;

  /** Stops the cluster (fast shutdown, then SIGKILL to the postmaster's group) and removes its folder. */
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (postmaster && groupAlive(postmaster)) {
        runAsOwner(
          asPostgres,
          [path.join(bin, "pg_ctl"), "-D", data, "-m", "fast", "-w", "-t", "15", "stop"],
          20_000,
        );
      }
    } catch {
      // Killed below.
    }
    if (postmaster && groupAlive(postmaster)) {
      try {
        process.kill(-postmaster, "SIGKILL");
      } catch {}
    }
    rmSync(dir, { recursive: true, force: true });
  };
  /** stopSync, then waits (bounded) until init has reaped the postmaster: a zombie still counts as alive. */
  const stop = async () => {
    stopSync();
    process.removeListener("exit", stopSync);
    for (let i = 0; i < 100 && postmaster && groupAlive(postmaster); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  process.once("exit", stopSync);

  try {
    runAsOwner(
      asPostgres,
      [
        path.join(bin, "initdb"),
        "-D",
        data,
        "-A",
        "trust",
        "-U",
        "postgres",
        "-E",
        "UTF8",
        "--locale=C",
        "--no-sync",
      ],
      60_000,
    );
    // The free port may be taken between the probe and the start: try another, three times at most.
    let port = 0;
    const pgStart = () => {
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
      runAsOwner(
        asPostgres,
        [path.join(bin, "pg_ctl"), "-D", data, "-l", log, "-o", options, "-w", "-t", "30", "start"],
        40_000,
      );
      // pg_ctl puts the postmaster in a session (and process group) of its own: its pid is the group to stop.
      postmaster = Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
      const ledger = process.env.FAIRDRAW_TEST_PGIDS;
      if (ledger)
        writeFileSync(
          path.join(ledger, String(postmaster)),
          `postgres -D ${data} (tests/helpers/postgres.ts)\n`,
        );
    };
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        pgStart();
        break;
      } catch (err) {
        if (
          attempt >= 3 ||
          !existsSync(log) ||
          !/could not (bind|create listen)/.test(readFileSync(log, "utf8"))
        ) {
          throw err;
        }
      }
    }
    const halt = async () => {
      const was = postmaster;
      runAsOwner(
        asPostgres,
        [path.join(bin, "pg_ctl"), "-D", data, "-m", "fast", "-w", "-t", "15", "stop"],
        20_000,
      );
      for (let i = 0; i < 100 && groupAlive(was); i++) await new Promise((r) => setTimeout(r, 100));
      const ledger = process.env.FAIRDRAW_TEST_PGIDS;
      if (ledger) rmSync(path.join(ledger, String(was)), { force: true });
    };
    return {
      adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
      source: `a throwaway cluster (${bin}, 127.0.0.1:${port})`,
      stop,
      halt,
      resume: async () => pgStart(),
    };
  } catch (err) {
    const tail = existsSync(log) ? `\nserver log:\n${readFileSync(log, "utf8").slice(-2000)}` : "";
    await stop();
    throw new Error(`could not start a throwaway PostgreSQL cluster: ${(err as Error).message}${tail}`);
  }
}

/** A new empty database on that server (C locale, UTF-8), and how to drop it. */
export async function createTestDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `fairdraw_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
