import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Clock } from "../../api/clock";
import { readEnv } from "../../api/env";
import { type RunningServer, startServer } from "../../api/server";

/** The real server on 127.0.0.1 and a free port, with a temporary database and the built web app. */
export async function startTestServer(
  opts: { clock?: Clock; seedDemo?: boolean } = {},
): Promise<RunningServer & { stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "fairdraw-server-"));
  const env = {
    ...readEnv({ NODE_ENV: "test" }),
    host: "127.0.0.1",
    port: 0,
    databaseUrl: path.join(dir, "app.db"),
    uploadDir: path.join(dir, "uploads"),
    webDist: "/tmp/fd-web-dev",
    seedDemo: opts.seedDemo ?? true,
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
