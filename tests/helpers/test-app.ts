import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "../../api/app";
import type { Catalog } from "../../api/catalog";
import type { Clock } from "../../api/clock";
import { openDatabase } from "../../api/db/client";
import { createDeps } from "../../api/deps";
import { type Env, readEnv } from "../../api/env";
import { createLogger } from "../../api/logger";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A real app on a real SQLite file in a fresh temporary folder; `cleanup()` removes it. `catalog`: one read from
 * another schemas/ folder (a test network added), instead of the process's.
 */
export async function createTestApp(opts: { env?: Partial<Env>; clock?: Clock; catalog?: Catalog } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "fairdraw-test-"));
  const env: Env = {
    ...readEnv({ NODE_ENV: "test" }),
    databaseUrl: path.join(dir, "test.db"),
    uploadDir: path.join(dir, "uploads"),
    webDist: path.join(dir, "no-web-build"),
    ...opts.env,
  };
  const db = openDatabase(env.databaseUrl);
  const clock = opts.clock ?? (() => new Date());
  const deps = createDeps({
    env,
    db,
    clock,
    logger: createLogger(env),
    ...(opts.catalog ? { catalog: opts.catalog } : {}),
  });
  const { app } = createApp(deps);
  return {
    app,
    deps,
    db,
    env,
    dir,
    cleanup: () => {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
