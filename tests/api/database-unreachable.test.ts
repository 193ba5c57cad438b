/**
 * A PostgreSQL DATABASE_URL the server cannot use stops the start with one line naming the URL (never its
 * password), as the other configuration errors do: here a port where nothing listens on this machine.
 */
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { EnvError, readEnv } from "../../api/env";
import { startServer } from "../../api/server";

/** A loopback port that was free a moment ago: nothing listens there. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("a PostgreSQL DATABASE_URL that cannot be reached", () => {
  it("stops the start with a configuration error naming the URL without its password", async () => {
    const url = `postgres://fairdraw:s3cret@127.0.0.1:${await closedPort()}/fairdraw`;
    const env = { ...readEnv({ NODE_ENV: "test", DATABASE_URL: url }), port: 0 };
    const started = startServer(env);
    await expect(started).rejects.toThrow(EnvError);
    await expect(started).rejects.toThrow(
      /^DATABASE_URL postgres:\/\/fairdraw:\*\*\*@127\.0\.0\.1:\d+\/fairdraw: .*ECONNREFUSED/,
    );
    await expect(started).rejects.not.toThrow(/s3cret/);
  });
});
