/**
 * A body answered before it was read (api/refused-body.ts), on the real server over a raw socket: a declared
 * 4 MB body refused with 413 is read to its end and the connection serves the next request; a chunked 20 MB one
 * (no length to read to) is answered `Connection: close`, and the connection ends cleanly, never reset. Through
 * two real processes on PostgreSQL: tests/multiprocess/faults.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusedThenNext } from "../helpers/raw-http";
import { startTestServer } from "../helpers/server";

describe("a body refused before it was read", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ seedDemo: false });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("of a declared length is read to its end, and the keep-alive connection serves the next request", async () => {
    const result = await refusedThenNext(server.port, 4 * 1024 * 1024);
    expect(result.error).toBeUndefined();
    expect(result.heads.map((h) => h.split("\r\n")[0])).toEqual([
      "HTTP/1.1 413 Payload Too Large",
      "HTTP/1.1 200 OK",
    ]);
    expect(result.heads[0]).toMatch(/\r\nconnection: keep-alive/i);
  }, 30_000);

  it("sent in chunks is answered with Connection: close, and the connection ends without a reset", async () => {
    const result = await refusedThenNext(server.port, 20 * 1024 * 1024, { chunked: true });
    expect(result.error).toBeUndefined();
    expect(result.closed).toBe(true);
    expect(result.heads).toHaveLength(1);
    expect(result.heads[0]).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
    expect(result.heads[0]).toMatch(/\r\nconnection: close/i);
  }, 30_000);
});
