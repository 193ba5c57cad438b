import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Clock } from "../../api/clock";
import { type Env, readEnv } from "../../api/env";
import { type RunningServer, startServer } from "../../api/server";

/** The real server on 127.0.0.1 and a free port, with a temporary database and the built web app. */
export async function startTestServer(
  opts: { clock?: Clock; seedDemo?: boolean; env?: Partial<Env> } = {},
): Promise<RunningServer & { stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "fairdraw-server-"));
  const env = {
    ...readEnv({ NODE_ENV: "test" }),
    host: "127.0.0.1",
    port: 0,
    databaseUrl: path.join(dir, "app.db"),
    uploadDir: path.join(dir, "uploads"),
    webDist: path.resolve("dist/web"),
    seedDemo: opts.seedDemo ?? true,
    ...opts.env,
  };
  const server = await startServer(env, opts.clock);
  return {
    ...server,
    url: `http://127.0.0.1:${server.port}`,
    stop: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
