import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Clock } from "../../api/clock";
import { type Env, readEnv } from "../../api/env";
import { type RunningServer, startServer } from "../../api/server";
import { testDatabase } from "./test-database";

/**
 * The real server on 127.0.0.1 and a free port, with the built web app and a database of its own on the engine
 * under test (tests/helpers/test-database.ts); `stop()` closes it and removes the database and the folder.
 */
export async function startTestServer(
  opts: { clock?: Clock; seedDemo?: boolean; env?: Partial<Env> } = {},
): Promise<RunningServer & { stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "fairdraw-server-"));
  const database = await testDatabase(dir);
  const env = {
    ...readEnv({ NODE_ENV: "test" }),
    host: "127.0.0.1",
    port: 0,
    databaseUrl: database.url,
    uploadDir: path.join(dir, "uploads"),
    webDist: path.resolve("dist/web"),
    seedDemo: opts.seedDemo ?? true,
    ...opts.env,
  };
  let server: RunningServer;
  try {
    server = await startServer(env, opts.clock);
  } catch (err) {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    ...server,
    url: `http://127.0.0.1:${server.port}`,
    stop: async () => {
      try {
        await server.close();
        await database.drop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
